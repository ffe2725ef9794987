// The demo catalog's items: deterministic, so the seed can run any number of times.
import { CATEGORIES, COLOURS, PRODUCT_TYPES, CONDITIONS, CATEGORY_SHAPES } from "./data-catalog.mjs";
import {
  BUY_SHARE,
  NOUNS_FOR,
  CATEGORY_BRANDS,
  CHILDREN_BRANDS,
  CHILDREN_BRANDS_BY_CATEGORY,
  NOUN_SHAPES,
  OPENING,
  materialOf,
  TAGS,
  MEMORIES,
} from "./data-wording.mjs";

const DAY = 24 * 60 * 60 * 1000;

// Sizes (issue 25; app/domain/sizes.ts, migration 0029): spread as a shop's stock is, more 10s
// and 12s, more Ms and Ls; the migration gives existing rows sizes the same way.
const WOMEN_SIZES = [
  "UK 6",
  "UK 8",
  "UK 8",
  "UK 10",
  "UK 10",
  "UK 10",
  "UK 12",
  "UK 12",
  "UK 12",
  "UK 14",
  "UK 14",
  "UK 16",
  "UK 18",
  "UK 20",
];
const CHILDREN_SIZES = [
  "0–3 months",
  "3–6 months",
  "6–12 months",
  "12–18 months",
  "18–24 months",
  ...Array.from({ length: 13 }, (_, k) => `${k + 2}–${k + 3} years`),
];
const LETTER_SIZES = ["XS", "S", "S", "M", "M", "M", "L", "L", "XL", "XXL"];
const FIT_NOTES = ["True to size", "Runs small", "Runs large", "Oversized"];

/** The size, fit note and measurements (cm) of demo product i. */
export function demoSize(i, type, category) {
  const pick = (list) => list[((i * 2654435761) % 4294967296) % list.length];
  const size =
    category === "Accessories"
      ? "One size"
      : type === "Women"
        ? pick(WOMEN_SIZES)
        : type === "Children"
          ? pick(CHILDREN_SIZES)
          : pick(LETTER_SIZES);
  const fitNote = i % 3 === 0 ? FIT_NOTES[(i / 3) % FIT_NOTES.length] : null;
  let measurements = null;
  if (i % 2 === 0 && category !== "Accessories" && type !== "Children") {
    const base = 84 + ((i * 5) % 24);
    measurements =
      category === "Bottoms"
        ? { waist: base - 16, hips: base + 10, insideLeg: 76 + (i % 6) }
        : { chest: base, length: 60 + ((i * 3) % 50), shoulder: 36 + (i % 9) };
  }
  return { size, fitNote, measurements };
}

/** Product i of the demo catalog (1-based), relative to `now`. Deterministic except for time. */
export function demoProduct(i, now, owners) {
  const c = i % CATEGORIES.length;
  const category = CATEGORIES[c][1];
  // The item's place among its category's items: its noun and colour are one pair of the 72 a
  // category has (6 × 12), each pair once in the first 432 items, so no two demo items share a name.
  const j = Math.floor(i / CATEGORIES.length);
  const [colour, rgb] = COLOURS[(11 * Math.floor(j / 6) + 7 * (j % 6) + 3 * c) % COLOURS.length];
  const listedType = PRODUCT_TYPES[(i * 3) % PRODUCT_TYPES.length];
  // Dresses are women's or children's.
  const type = category === "Dresses" && (listedType === "Men" || listedType === "Unisex") ? "Women" : listedType;
  const brands =
    type === "Children" ? (CHILDREN_BRANDS_BY_CATEGORY[category] ?? CHILDREN_BRANDS) : CATEGORY_BRANDS[category];
  const brand = { name: brands[(j * 11 + Math.floor(j / 2) + c) % brands.length] };
  const condition = CONDITIONS[(i * 5) % CONDITIONS.length];
  const noun = NOUNS_FOR[type][category][j % 6];
  const originalPrice = 4000 + ((i * 3761) % 86000);
  const buyingPrice = Math.round((originalPrice * BUY_SHARE[condition]) / 100) * 100 - 1;
  const rentalShare = 0.12 + ((i * 17) % 4) / 100;
  const noRental = i % 29 === 0;
  const rentalPrice = noRental ? null : Math.max(500, Math.round((buyingPrice * rentalShare) / 50) * 50 - 1);
  // Statuses: mostly live; some pending, rejected and archived.
  const bucket = i % 20;
  const [status, productStatus] =
    bucket === 3
      ? ["pending", "pending"]
      : bucket === 7
        ? ["rejected", "archived"]
        : bucket === 11
          ? ["approved", "archived"]
          : ["approved", "live"];
  const createdAt = now - ((i * 37) % 120) * DAY - (i % 24) * 60 * 60 * 1000;
  const tags = [
    ...new Set([
      TAGS[i % TAGS.length],
      TAGS[(i * 5 + 3) % TAGS.length],
      ...(i % 3 === 0 ? [TAGS[(i * 7 + 1) % TAGS.length]] : []),
    ]),
  ];
  const imageCount = bucket === 15 && i % 40 === 15 ? 0 : 1 + (i % 5);
  return {
    id: `prod_${String(i).padStart(4, "0")}`,
    name: `${colour} ${noun}`,
    description: `${OPENING[condition](noun.toLowerCase())} by ${brand.name} in ${colour.toLowerCase()}${type === "Children" ? ", for children" : ""}. Checked by our team and ready to rent for up to 7 days or buy outright.`,
    price: buyingPrice,
    originalPrice,
    rentalPrice,
    buyingPrice,
    brand: brand.name,
    condition,
    color: colour,
    productType: type,
    category,
    tags,
    materials: materialOf(noun, i),
    careInstructions: i % 2 ? "Dry clean only." : "Cool hand wash, dry flat.",
    memoryStory: i % 4 === 0 ? MEMORIES[i % MEMORIES.length] : null,
    ownerId: owners[i % owners.length],
    status,
    productStatus,
    createdAt,
    rgb,
    imageCount,
    variant: i % 4,
    shape: NOUN_SHAPES[noun] ?? CATEGORY_SHAPES[category],
    ...demoSize(i, type, category),
  };
}

/**
 * The columns a demo item's own words and prices fill, in order, with their placeholders and a
 * demoProduct's values for them: the seed and its flows insert items with them.
 */
export const PRODUCT_COLUMNS =
  "name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, materials, care_instructions, memory_story";
export const PRODUCT_MARKS = PRODUCT_COLUMNS.split(",")
  .map(() => "?")
  .join(", ");
export const productValues = (p) => [
  p.name,
  p.description,
  p.price,
  p.originalPrice,
  p.rentalPrice,
  p.buyingPrice,
  p.brand,
  p.condition,
  p.color,
  p.productType,
  p.category,
  JSON.stringify(p.tags),
  p.materials,
  p.careInstructions,
  p.memoryStory,
];
