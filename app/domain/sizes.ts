// Sizes (issue 25, item 1; docs/decisions/0048-sizes.md): which size system a listing uses, by
// its product type and category, the equivalents a shopper sees, optional measurements in
// centimetres and a fit note. Pure: no zod, so the seller form's JavaScript can filter the size
// list with it. Every size value is unique across systems ("UK 10" is a women's dress size, a
// shoe is "Shoe UK 10"), so one column and one facet token name it.

export type SizeSystemId = "women" | "men" | "children" | "shoes" | "one-size";

export interface SizeSystem {
  id: SizeSystemId;
  label: string;
  sizes: readonly string[];
}

const range = (from: number, to: number, step: number) =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Women's clothing: UK 4 to 26 in even numbers. */
export const WOMEN_SIZES = range(4, 26, 2).map((n) => `UK ${n}`);
/** Men's clothing (and unisex clothing): letters. */
export const MEN_SIZES = ["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"] as const;
/** Children's clothing: by age. */
export const CHILDREN_SIZES = [
  "0–3 months",
  "3–6 months",
  "6–12 months",
  "12–18 months",
  "18–24 months",
  ...range(2, 14, 1).map((n) => `${n}–${n + 1} years`),
];
/** Shoes: UK 2 to 13 with half sizes. */
export const SHOE_SIZES = range(2, 13, 0.5).map((n) => `Shoe UK ${n}`);
export const ONE_SIZE = "One size";

export const SIZE_SYSTEMS: Record<SizeSystemId, SizeSystem> = {
  women: { id: "women", label: "Women's (UK)", sizes: WOMEN_SIZES },
  men: { id: "men", label: "Men's and unisex (XXS–XXXL)", sizes: MEN_SIZES },
  children: { id: "children", label: "Children's (age)", sizes: CHILDREN_SIZES },
  shoes: { id: "shoes", label: "Shoes (UK)", sizes: SHOE_SIZES },
  "one-size": { id: "one-size", label: "One size", sizes: [ONE_SIZE] },
};
/** The order systems are shown in (the filter, my sizes). */
export const SIZE_SYSTEM_ORDER: readonly SizeSystemId[] = ["women", "men", "children", "shoes", "one-size"];
/** Every size, in the order the filter lists them. */
export const ALL_SIZES: readonly string[] = SIZE_SYSTEM_ORDER.flatMap((id) => SIZE_SYSTEMS[id].sizes);

/**
 * The systems a listing may use. Accessories (bags, scarves, belts, hats, and shoes: the catalog
 * has no shoe category) take 'One size' or a shoe size; other clothing follows the product type:
 * women's UK sizes, men's and unisex letters, children's ages.
 */
export function sizeSystemsFor(productType: string, category: string): SizeSystemId[] {
  if (category === "Accessories") return ["one-size", "shoes"];
  if (productType === "Women") return ["women"];
  if (productType === "Children") return ["children"];
  if (productType === "Men" || productType === "Unisex") return ["men"];
  return [];
}

/** The sizes a listing of this type and category may have. */
export function sizesFor(productType: string, category: string): string[] {
  return sizeSystemsFor(productType, category).flatMap((id) => [...SIZE_SYSTEMS[id].sizes]);
}

/** The system a size belongs to, or null for an unknown size. */
export function systemOf(size: string): SizeSystemId | null {
  return SIZE_SYSTEM_ORDER.find((id) => SIZE_SYSTEMS[id].sizes.includes(size)) ?? null;
}

/** The size as written in the list ('uk 10' → 'UK 10'), or null when no system has it. */
export function canonicalSize(typed: string): string | null {
  const wanted = typed.trim().replace(/\s+/g, " ").replace(/-/g, "–").toLowerCase();
  return ALL_SIZES.find((s) => s.toLowerCase() === wanted) ?? null;
}

// Women's UK sizes: EU = UK + 28, US = UK − 4 (UK 10 = EU 38 = US 6).
const ukNumber = (size: string) => Number(size.replace(/^(Shoe )?UK /, ""));
// Men's letters: chest in inches for tops, waist and inside leg for trousers.
const MEN_CHEST: Record<string, string> = {
  XXS: "32",
  XS: "34",
  S: "36–38",
  M: "38–40",
  L: "42–44",
  XL: "46",
  XXL: "48",
  XXXL: "50",
};
const MEN_WAIST: Record<string, number> = { XXS: 26, XS: 28, S: 30, M: 32, L: 34, XL: 36, XXL: 38, XXXL: 40 };
const MEN_LEG: Record<string, number> = { XXS: 30, XS: 30, S: 31, M: 32, L: 32, XL: 33, XXL: 33, XXXL: 34 };
// Shoes: UK to EU, as the high street labels them.
const SHOE_EU: Record<number, number> = {
  2: 35,
  2.5: 35,
  3: 35.5,
  3.5: 36,
  4: 37,
  4.5: 37.5,
  5: 38,
  5.5: 38.5,
  6: 39,
  6.5: 40,
  7: 40.5,
  7.5: 41,
  8: 42,
  8.5: 42.5,
  9: 43,
  9.5: 44,
  10: 44.5,
  10.5: 45,
  11: 46,
  11.5: 46.5,
  12: 47,
  12.5: 48,
  13: 48.5,
};

export const euOfWomen = (uk: number) => uk + 28;
export const usOfWomen = (uk: number) => uk - 4;
export const euOfShoe = (uk: number) => SHOE_EU[uk] ?? null;

/** What a size reads as beside its equivalents: 'UK 10 (EU 38, US 6)', 'M (chest 38–40 in)'. */
export function sizeEquivalents(size: string, category = ""): string | null {
  switch (systemOf(size)) {
    case "women": {
      const uk = ukNumber(size);
      return `EU ${euOfWomen(uk)}, US ${usOfWomen(uk)}`;
    }
    case "men":
      return category === "Bottoms"
        ? `waist ${MEN_WAIST[size]} in, leg ${MEN_LEG[size]} in`
        : `chest ${MEN_CHEST[size]} in`;
    case "shoes":
      return `EU ${euOfShoe(ukNumber(size))}`;
    default:
      return null;
  }
}

/** The size with its equivalents, as the product page shows it. */
export function sizeLabel(size: string, category = "") {
  const more = sizeEquivalents(size, category);
  return more ? `${size} (${more})` : size;
}

/** The sizes next to this one in its system (for 'You may also like'). */
export function neighbouringSizes(size: string): string[] {
  const system = systemOf(size);
  if (!system) return [];
  const sizes = SIZE_SYSTEMS[system].sizes;
  const at = sizes.indexOf(size);
  return [sizes[at - 1], sizes[at + 1]].filter((s): s is string => Boolean(s));
}

// Measurements (optional) and the fit note.
export const MEASUREMENTS = [
  ["chest", "Chest / bust"],
  ["waist", "Waist"],
  ["hips", "Hips"],
  ["length", "Length"],
  ["insideLeg", "Inside leg"],
  ["shoulder", "Shoulder"],
] as const;
export type MeasurementKey = (typeof MEASUREMENTS)[number][0];
export type Measurements = Partial<Record<MeasurementKey, number>>;
export const MEASUREMENT_MAX_CM = 300;
export const FIT_NOTES = ["Runs small", "True to size", "Runs large", "Oversized"] as const;
export type FitNote = (typeof FIT_NOTES)[number];

export const SIZE_MESSAGES = {
  required: "Please choose a size",
  unknown: "Please choose a size from the list",
  wrongSystem: (productType: string, category: string) =>
    `That size is not one of the sizes for ${productType} ${category.toLowerCase()}. Please choose a size from the list.`,
  measurement: (label: string) =>
    `${label} must be a number of centimetres greater than 0 and at most ${MEASUREMENT_MAX_CM}`,
  fitNote: "Please choose a fit from the list",
  noSuchSize: "No such size",
} as const;

/** A measurement typed in centimetres ('92', '92.5', '92 cm'): the number, null when empty, or the problem. */
export function readCentimetres(input: string | null | undefined): { ok: true; cm: number | null } | { ok: false } {
  const raw = (input ?? "").trim().replace(/\s*cm$/i, "");
  if (raw === "") return { ok: true, cm: null };
  if (!/^\d{1,3}(\.\d)?$/.test(raw)) return { ok: false };
  const cm = Number(raw);
  return cm > 0 && cm <= MEASUREMENT_MAX_CM ? { ok: true, cm } : { ok: false };
}

export interface SizeInput {
  size?: string;
  fitNote?: string;
  measurements?: Partial<Record<MeasurementKey, string>>;
}

export type SizeResult =
  | { ok: true; size: string; fitNote: FitNote | null; measurements: Measurements }
  | { ok: false; errors: Partial<Record<string, string>> };

/** The form field name of a measurement: 'measure_insideLeg'. */
export const measurementField = (key: MeasurementKey) => `measure_${key}`;

/**
 * Checks a listing's size, fit note and measurements against its type and category. Errors are
 * keyed by form field ('size', 'fitNote', 'measure_chest', …).
 */
export function validateSize(input: SizeInput, productType: string, category: string): SizeResult {
  const errors: Partial<Record<string, string>> = {};
  const typed = (input.size ?? "").trim();
  const size = typed ? canonicalSize(typed) : null;
  if (!typed) errors.size = SIZE_MESSAGES.required;
  else if (!size) errors.size = SIZE_MESSAGES.unknown;
  else if (sizeSystemsFor(productType, category).length && !sizesFor(productType, category).includes(size))
    errors.size = SIZE_MESSAGES.wrongSystem(productType, category);
  const fitTyped = (input.fitNote ?? "").trim();
  const fitNote = fitTyped ? (FIT_NOTES.find((f) => f.toLowerCase() === fitTyped.toLowerCase()) ?? null) : null;
  if (fitTyped && !fitNote) errors.fitNote = SIZE_MESSAGES.fitNote;
  const measurements: Measurements = {};
  for (const [key, label] of MEASUREMENTS) {
    const read = readCentimetres(input.measurements?.[key]);
    if (!read.ok) errors[measurementField(key)] = SIZE_MESSAGES.measurement(label);
    else if (read.cm !== null) measurements[key] = read.cm;
  }
  if (Object.keys(errors).length || !size) return { ok: false, errors };
  return { ok: true, size, fitNote, measurements };
}

/** Measurements as the product page lists them: 'Chest / bust 92 cm'. */
export function measurementLines(measurements: Measurements | null | undefined): string[] {
  if (!measurements) return [];
  return MEASUREMENTS.filter(([key]) => typeof measurements[key] === "number").map(
    ([key, label]) => `${label} ${measurements[key]} cm`,
  );
}

/** Reads the stored measurements column (JSON) back, keeping only known, sane values. */
export function parseMeasurements(json: string | null | undefined): Measurements {
  if (!json) return {};
  try {
    const raw = JSON.parse(json) as Record<string, unknown>;
    const out: Measurements = {};
    for (const [key] of MEASUREMENTS) {
      const v = raw?.[key];
      if (typeof v === "number" && v > 0 && v <= MEASUREMENT_MAX_CM) out[key] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/** A saved listing's size, fit note and measurements as the form's typed values. */
export function sizeFields(product: {
  size: string | null;
  fitNote: string | null;
  measurements: string | null;
}): Record<string, string> {
  const measured = parseMeasurements(product.measurements);
  return {
    size: product.size ?? "",
    fitNote: product.fitNote ?? "",
    ...Object.fromEntries(
      MEASUREMENTS.map(([key]) => [measurementField(key), measured[key] === undefined ? "" : String(measured[key])]),
    ),
  };
}
