import { parsePounds } from "./money";

// The seller's product form fields that the browser needs too (the live hints, tags, the brand
// combobox): no zod here, so the form's JavaScript stays small. The schema is in product-form.ts.

/** £1,000,000: nothing second-hand costs more; a bigger number is a typo. */
export const PRICE_MAX_PENCE = 100_000_000;

export type PriceProblem = "required" | "not_a_number" | "decimals" | "not_positive" | "too_large";

export const PRICE_MESSAGES: Record<Exclude<PriceProblem, "required">, string> = {
  not_positive: "Price must be greater than 0",
  not_a_number: "Please enter a price in pounds, like 25 or 25.50",
  decimals: "Please enter a price with at most two decimal places",
  too_large: "Price must be £1,000,000 or less",
};

/** A price typed in pounds ('12', '12.50', '£1,299.99') as pence, or why it is not one. */
export function readPounds(
  input: string | null | undefined,
): { ok: true; pence: number } | { ok: false; problem: PriceProblem } {
  const raw = (input ?? "").trim();
  if (raw === "") return { ok: false, problem: "required" };
  const bare = raw.replace(/^£\s*/, "");
  if (/^-\s*£?\s*\d/.test(bare)) return { ok: false, problem: "not_positive" };
  // Thousands separators only where they group thousands: '12,50' is not twelve pounds fifty.
  if (bare.includes(",") && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(bare)) return { ok: false, problem: "not_a_number" };
  const plain = bare.replace(/,/g, "");
  if (/^\d+\.\d{3,}$/.test(plain)) return { ok: false, problem: "decimals" };
  if (!/^\d+(\.\d{1,2})?$/.test(plain) || plain.length > 15) return { ok: false, problem: "not_a_number" };
  const pence = parsePounds(plain);
  if (pence === null) return { ok: false, problem: "not_a_number" };
  if (pence <= 0) return { ok: false, problem: "not_positive" };
  if (pence > PRICE_MAX_PENCE) return { ok: false, problem: "too_large" };
  return { ok: true, pence };
}

/** Pence back to what the person typed in a price field ('12.50'). */
/** Renting for a week must cost less than keeping it (decision 0066): a seller's, store's or staff's prices alike. */
export const RENTAL_NOT_BELOW_BUYING = "The rental price must be lower than the buying price.";
export const rentalBelowBuying = (rental: number | null, buying: number | null) =>
  rental === null || buying === null || rental < buying;

export const poundsField = (pence: number | null | undefined) => (pence == null ? "" : (pence / 100).toFixed(2));

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 30;

/** Tags from a comma-separated field: trimmed, empties dropped, duplicates (any case) ignored. */
export function readTags(input: string | null | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of (input ?? "").split(",")) {
    const tag = part.trim().replace(/\s+/g, " ");
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** Adds one typed tag to a list (the Enter key or the Add button), with the same rules. */
export const addTag = (tags: readonly string[], typed: string) =>
  readTags([...tags, typed.replace(/,/g, " ")].join(","));

/** The known brand a typed name stands for (case-insensitive), or null. */
export function matchBrand(typed: string, brands: readonly string[]) {
  const wanted = typed.trim().toLowerCase();
  return wanted ? (brands.find((b) => b.toLowerCase() === wanted) ?? null) : null;
}

/** Brands whose name contains what was typed (the combobox's list). */
export function brandsMatching(typed: string, brands: readonly string[], limit = 8) {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return [];
  return brands.filter((b) => b.toLowerCase().includes(wanted)).slice(0, limit);
}

export const NO_BRAND_FOUND = "No brand found in our database.";
export const UNKNOWN_BRAND =
  "No brand found in our database. Choose a brand from the list, or suggest it and use it once it is approved.";

/** How a brand suggestion's status reads to the seller (seller-store-admin.md §4). */
export const SUGGESTION_LABELS = {
  pending: "Pending Review",
  approved: "Approved",
  rejected: "Rejected",
  merged: "Merged",
} as const;

export const FILL_IN_REQUIRED = "Please fill in all required fields.";
