import { Form, useLocation } from "react-router";
import { DISPLAY_CURRENCIES, type DisplayCurrency } from "../../domain/currency";
import { CURRENCY_NAMES } from "../../domain/currency-names";

// The display currency's form (issue 45, item 1; decision 0084): a plain form posting to
// /currency, so it works without JavaScript; the answer sends the visitor back to this page.
export function CurrencyPicker({
  chosen,
  ratesUnavailable,
  error,
  returnTo: given,
}: {
  chosen: DisplayCurrency;
  ratesUnavailable: boolean;
  error?: string;
  /** The page the answer sends the visitor back to: this page's address unless given (the footer gives it). */
  returnTo?: string;
}) {
  const location = useLocation();
  const returnTo = given ?? (location.pathname === "/currency" ? "/" : `${location.pathname}${location.search}`);
  return (
    <Form method="post" action="/currency" className="mt-4 text-sm" aria-label="Display currency">
      <input type="hidden" name="returnTo" value={returnTo} />
      <label htmlFor="display-currency" className="block font-semibold">
        Currency
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <select
          id="display-currency"
          name="currency"
          defaultValue={chosen}
          key={chosen}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "display-currency-error" : undefined}
          className="rounded-md border border-stone-300 bg-white px-2 py-1 text-stone-900"
        >
          {DISPLAY_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {CURRENCY_NAMES[code]}
            </option>
          ))}
        </select>
        <button
          type="submit"
          name="intent"
          value="currency"
          className="rounded-md border border-white/40 px-3 py-1 font-medium"
        >
          Change currency
        </button>
      </div>
      {error ? (
        <p id="display-currency-error" className="mt-1 font-medium text-red-300">
          {error}
        </p>
      ) : null}
      <p className="mt-1 text-xs text-stone-300">
        {ratesUnavailable
          ? "Today's exchange rates are not available: prices show in pounds."
          : chosen === "GBP"
            ? "You pay in pounds."
            : "Prices are approximate: you pay in pounds."}
      </p>
    </Form>
  );
}
