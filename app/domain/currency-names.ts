import type { DisplayCurrency } from "./currency";

// Each display currency's name as the currency picker and admin Rates show it. A module of its own:
// app/domain/currency.ts goes with the framework chunk every page loads (price formatting), and
// the names are only for the picker, which hydrates after the page (decision 0128), and staff.
export const CURRENCY_NAMES: Record<DisplayCurrency, string> = {
  GBP: "Pound sterling (£)",
  EUR: "Euro (€)",
  USD: "US dollar (US$)",
  AUD: "Australian dollar (A$)",
  CAD: "Canadian dollar (CA$)",
  SEK: "Swedish krona (SEK)",
  DKK: "Danish krone (DKK)",
  CHF: "Swiss franc (CHF)",
  PLN: "Polish złoty (PLN)",
  JPY: "Japanese yen (¥)",
};
