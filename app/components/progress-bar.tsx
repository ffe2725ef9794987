import { useFetchers, useNavigation } from "react-router";

/** A thin bar at the top of the page while a navigation or any form submission is pending. */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!busy}
      data-busy={busy || undefined}
      className={`fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity ${busy ? "opacity-100 delay-150" : "opacity-0"}`}
    >
      <div className="animate-progress h-full w-2/5 bg-accent" />
    </div>
  );
}
