import { useEffect } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";

/**
 * DECISIONS.md (Staff): instead of a realtime channel, the list reloads when the window regains
 * focus. Navigating to the page it shows re-runs its loader (useRevalidator would do the same at
 * the cost of more framework code on every page of the site).
 */
export function useRefreshOnFocus() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const idle = navigation.state === "idle";
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && idle)
        void navigate(here, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [navigate, here, idle]);
}
