import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { cookieSettingsHref, type Consent } from "../../domain/consent";

const OPTIONAL = [
  ["analytics", "Analytics", "Help us understand how the site is used."],
  ["marketing", "Marketing", "Personalised offers and adverts."],
  ["preferences", "Preferences", "Remember your choices, such as region."],
] as const;

/**
 * The consent bar and its Customize dialog (shopper.md §2.11). Without JavaScript, Customize
 * is a link that makes the server render the dialog open; every choice is a plain form post.
 * Once a choice exists, 'Cookie settings' (footer, cookie policy) reopens the same dialog with
 * that choice ticked, so consent is withdrawn as easily as it was given (GDPR Art. 7(3)).
 */
export function CookieConsent({ customizeOpen, current }: { customizeOpen: boolean; current: Consent | null }) {
  const fetcher = useFetcher({ key: "consent" });
  const location = useLocation();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  const params = new URLSearchParams(location.search);
  params.delete("cookies");
  const here = location.pathname + (params.size ? `?${params}` : "");
  const customizeHref = cookieSettingsHref(location.pathname, location.search);
  // Reopened from 'Cookie settings' after a choice: the dialog alone, without the bar.
  const settingsOnly = current !== null;

  // With JavaScript a ?cookies=customize address opens the dialog as a modal.
  useEffect(() => {
    if (enhanced && customizeOpen && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [enhanced, customizeOpen]);

  if (fetcher.state !== "idle" || fetcher.data) return null;

  const hidden = (
    <>
      <input type="hidden" name="returnTo" value={here} />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
    </>
  );

  const bar = (
    // Small on a phone (issue 46 item 5): two short lines and one row of buttons, not a quarter of the screen.
    <div className="mx-auto flex max-w-7xl flex-col gap-2 md:flex-row md:items-center md:gap-3">
      <p className="flex-1 text-xs leading-snug text-stone-700 md:text-sm">
        We use cookies to run the site and, with your permission, for analytics, marketing and preferences. See our{" "}
        <Link to="/cookie-policy" className="underline">
          Cookie Policy
        </Link>
        .
      </p>
      <fetcher.Form method="post" action="/consent" className="flex gap-2">
        {hidden}
        <button
          name="intent"
          value="accept_all"
          className="rounded-md bg-brand px-3 py-1.5 text-xs font-medium whitespace-nowrap text-white md:px-4 md:py-2 md:text-sm"
        >
          Accept All
        </button>
        <button
          name="intent"
          value="reject_non_essential"
          className="rounded-md border border-stone-300 px-3 py-1.5 text-xs font-medium whitespace-nowrap md:px-4 md:py-2 md:text-sm"
        >
          Reject Non-Essential
        </button>
        <a
          href={customizeHref}
          onClick={(event) => {
            event.preventDefault();
            dialog.current?.showModal();
          }}
          className="rounded-md border border-stone-300 px-3 py-1.5 text-xs font-medium whitespace-nowrap md:px-4 md:py-2 md:text-sm"
          role="button"
        >
          Customize
        </a>
      </fetcher.Form>
    </div>
  );

  const settings = (
    <dialog
      ref={dialog}
      open={customizeOpen && !enhanced ? true : undefined}
      aria-labelledby="cookie-dialog-title"
      className="pointer-events-auto fixed inset-0 z-50 m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg bg-white p-6 shadow-xl"
      // Opened from an address: closing it (Save, Cancel, Escape) leaves that address.
      onClose={() => customizeOpen && navigate(here, { replace: true, preventScrollReset: true })}
    >
      <h2 id="cookie-dialog-title" className="text-lg font-semibold">
        Cookie preferences
      </h2>
      <fetcher.Form method="post" action="/consent" className="mt-4 space-y-3" onSubmit={() => dialog.current?.close()}>
        {hidden}
        <label className="flex items-start gap-3">
          <input type="checkbox" checked disabled className="mt-1" />
          <span>
            <span className="font-medium">Necessary</span> (always on)
            <span className="block text-sm text-stone-600">
              Sign-in, basket and security. The site cannot work without them.
            </span>
          </span>
        </label>
        {OPTIONAL.map(([name, label, help]) => (
          <label key={name} className="flex items-start gap-3">
            <input type="checkbox" name={name} value="on" defaultChecked={current?.[name] === true} className="mt-1" />
            <span>
              <span className="font-medium">{label}</span>
              <span className="block text-sm text-stone-600">{help}</span>
            </span>
          </label>
        ))}
        <div className="flex justify-end gap-2 pt-2">
          <a
            href={here}
            onClick={(event) => {
              event.preventDefault();
              dialog.current?.close();
            }}
            className="rounded-md border border-stone-300 px-4 py-2 text-sm"
          >
            Cancel
          </a>
          <button name="intent" value="save" className="rounded-md bg-brand px-4 py-2 text-sm font-medium text-white">
            Save Preferences
          </button>
        </div>
      </fetcher.Form>
    </dialog>
  );

  if (settingsOnly) return settings;
  return (
    // data-cookie-bar: while it is on the page, the page ends with room for it (app.css; decision 0068).
    <section
      aria-label="Cookie consent"
      data-cookie-bar=""
      className="pointer-events-auto border-t border-stone-200 bg-white px-3 py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:p-4"
    >
      {bar}
      {settings}
    </section>
  );
}
