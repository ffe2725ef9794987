import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { showToast } from "../toasts";
import { busyProps } from "../forms";

export interface NewsletterResult {
  ok: boolean;
  message: string;
  fieldError?: string;
  email?: string;
}

/**
 * Works as a plain form (the server redirects back with a toast, or /newsletter shows the answer)
 * and in place with JavaScript, where the toast alone confirms: one message, never two.
 */
export function NewsletterSignup({
  result: serverResult,
  returnTo,
}: {
  result?: NewsletterResult;
  /** Where the answer comes back to without JavaScript: the page's address unless given (the footer gives it). */
  returnTo?: string;
}) {
  const fetcher = useFetcher<NewsletterResult>({ key: "newsletter" });
  const location = useLocation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const result = fetcher.data ?? serverResult;
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.fieldError) {
      showToast({ type: fetcher.data.ok ? "success" : "error", title: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  const errorId = "newsletter-email-error";
  return (
    <fetcher.Form
      method="post"
      action="/newsletter"
      noValidate
      className="flex flex-col gap-2"
      key={result?.ok ? "done" : "form"}
    >
      <input type="hidden" name="returnTo" value={returnTo ?? location.pathname + location.search} />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
      <label htmlFor="newsletter-email" className="text-sm font-medium">
        Sign up for our newsletter
      </label>
      <div className="flex">
        <input
          id="newsletter-email"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          defaultValue={result?.ok ? "" : result?.email}
          aria-invalid={result?.fieldError ? true : undefined}
          aria-describedby={result?.fieldError ? errorId : undefined}
          className="w-full min-w-0 rounded-l-md border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900"
        />
        <button
          type="submit"
          {...busyProps(busy)}
          className="rounded-r-md bg-brand px-4 py-2 text-sm font-medium text-white aria-disabled:opacity-60"
        >
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      {result?.fieldError ? (
        <p id={errorId} role="alert" className="text-sm text-red-300">
          {result.fieldError}
        </p>
      ) : result && !fetcher.data ? (
        // Without JavaScript the page itself confirms; with it the toast does, once (issue 24).
        <p role="status" className={`text-sm ${result.ok ? "text-emerald-200" : "text-red-300"}`}>
          {result.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
