import { Link } from "react-router";

// /auth's two tabs, Sign In and Sign Up: links, so they work without JavaScript.

export type Tab = "signin" | "signup";

export function AuthTabs({ tab, redirectTo }: { tab: Tab; redirectTo: string }) {
  const suffix = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const link = (t: Tab, label: string) => (
    <Link
      to={`/auth?tab=${t}${suffix}`}
      aria-current={tab === t ? "page" : undefined}
      className={`flex-1 rounded-md px-4 py-2 text-center font-medium ${tab === t ? "bg-white shadow" : "text-stone-600"}`}
      preventScrollReset
      replace
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Sign in or sign up" className="flex gap-1 rounded-lg bg-stone-200 p-1">
      {link("signin", "Sign In")}
      {link("signup", "Sign Up")}
    </nav>
  );
}
