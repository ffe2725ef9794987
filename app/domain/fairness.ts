// Price fairness (seller-store-admin.md §9): the seller dashboard's bars, the upload form's live
// hint and the account's Price Status all read these. Prices are integer pence.

export type Band = "Too Low" | "Fair" | "Too High";

export interface Fairness {
  band: Band;
  /** The price as a percentage of its reference, one decimal. */
  percent: number;
  /** The fair range in percent. */
  low: number;
  high: number;
}

/** Rental price as a percentage of the buying price: 12–15% is fair. */
export const RENTAL_FAIR = { low: 12, high: 15 } as const;

/** Buying price as a percentage of the original price, by condition. */
export const BUY_FAIR_BY_CONDITION: Readonly<Record<string, { low: number; high: number }>> = {
  "Brand New With Tags": { low: 60, high: 70 },
  "Brand New Without Tags": { low: 50, high: 65 },
  "Almost New": { low: 40, high: 55 },
  "Good Condition": { low: 35, high: 45 },
};
export const BUY_FAIR_OTHER = { low: 40, high: 55 } as const;

function judge(price: number, reference: number, range: { low: number; high: number }): Fairness {
  // Compared in hundredths of a percent, exactly, so 12.00% is fair and 11.99% is not.
  const basisPoints = (price * 10000) / reference;
  const band: Band = basisPoints < range.low * 100 ? "Too Low" : basisPoints > range.high * 100 ? "Too High" : "Fair";
  // The shown percentage (one decimal) never contradicts the band (issue 24): a price just under
  // the range is rounded down (11.99% shows 11.9%, not 12%), one just over it up (15.01% → 15.1%).
  const tenths = basisPoints / 10;
  const percent =
    (band === "Too Low" ? Math.floor(tenths) : band === "Too High" ? Math.ceil(tenths) : Math.round(tenths)) / 10;
  return { band, percent, ...range };
}

/** null when a price is missing or the reference is not positive. */
export function rentalFairness(
  rentalPrice: number | null | undefined,
  buyingPrice: number | null | undefined,
): Fairness | null {
  if (rentalPrice == null || buyingPrice == null || buyingPrice <= 0 || rentalPrice < 0) return null;
  return judge(rentalPrice, buyingPrice, RENTAL_FAIR);
}

export function buyFairness(
  buyingPrice: number | null | undefined,
  originalPrice: number | null | undefined,
  condition: string | null | undefined,
): Fairness | null {
  if (buyingPrice == null || originalPrice == null || originalPrice <= 0 || buyingPrice < 0) return null;
  return judge(buyingPrice, originalPrice, BUY_FAIR_BY_CONDITION[condition ?? ""] ?? BUY_FAIR_OTHER);
}

/** 'Review Price' when either price is outside its fair range, else 'No Action Required'. */
export function priceStatus(product: {
  rentalPrice: number | null;
  buyingPrice: number | null;
  originalPrice: number | null;
  condition: string | null;
}) {
  const rental = rentalFairness(product.rentalPrice, product.buyingPrice);
  const buy = buyFairness(product.buyingPrice, product.originalPrice, product.condition);
  const review = [rental, buy].some((f) => f !== null && f.band !== "Fair");
  return review ? "Review Price" : "No Action Required";
}
