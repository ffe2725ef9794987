// The demo catalog's vocabulary (the seed writes these rows as they are): categories, brands,
// colours, who an item is for, conditions, and the silhouette each category's pictures show.

export const CATEGORIES = [
  ["coats", "Coats", "Wool, camel and trench coats to carry you through every season.", [140, 110, 80]],
  [
    "jackets-blazers",
    "Jackets & Blazers",
    "Tailored blazers, denim and leather jackets with plenty of life left.",
    [60, 70, 90],
  ],
  ["dresses", "Dresses", "Slip, wrap and party dresses for every occasion.", [170, 60, 90]],
  ["tops", "Tops", "Shirts, blouses and knits, checked and ready to wear.", [70, 120, 110]],
  ["bottoms", "Bottoms", "Jeans, trousers and skirts in great condition.", [50, 70, 120]],
  ["accessories", "Accessories", "Bags, scarves and belts that finish a look.", [150, 120, 40]],
];

const BRAND_NAMES = [
  "Acne Studios",
  "AllSaints",
  "Arket",
  "Barbour",
  "Boden",
  "Burberry",
  "COS",
  "Diane von Furstenberg",
  "Esprit",
  "Ganni",
  "Hobbs",
  "Isabel Marant",
  "Jaeger",
  "Jigsaw",
  "Joseph",
  "Karen Millen",
  "L.K.Bennett",
  "Levi's",
  "Me+Em",
  "Massimo Dutti",
  "Mulberry",
  "Nobody's Child",
  "Patagonia",
  "Paul Smith",
  "Phase Eight",
  "Reformation",
  "Reiss",
  "Rixo",
  "Sandro",
  "Sézane",
  "Ted Baker",
  "The Kooples",
  "Toast",
  "Uniqlo",
  "Vivienne Westwood",
  "Whistles",
  "Wax London",
  "Whistles Kids",
  "Zadig & Voltaire",
  "Zara",
];
const POPULAR = new Set([
  "Barbour",
  "Burberry",
  "Ganni",
  "Reiss",
  "Whistles",
  "Mulberry",
  "Acne Studios",
  "Rixo",
  "Toast",
  "Me+Em",
]);

export const slug = (s) =>
  s
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const BRANDS = BRAND_NAMES.map((name, i) => ({
  id: `brand_${slug(name)}`,
  name,
  popular: POPULAR.has(name),
  description: `${name}: pre-owned pieces checked by our team, ready to rent or buy.`,
  website: `https://www.${slug(name).replace(/-/g, "")}.example`,
  rgb: [40 + ((i * 53) % 180), 40 + ((i * 97) % 180), 40 + ((i * 31) % 180)],
}));

export const COLOURS = [
  ["Black", [30, 30, 32]],
  ["White", [235, 235, 230]],
  ["Navy", [30, 45, 90]],
  ["Red", [170, 35, 40]],
  ["Green", [45, 110, 70]],
  ["Beige", [215, 195, 160]],
  ["Camel", [190, 140, 80]],
  ["Grey", [125, 125, 130]],
  ["Pink", [225, 150, 170]],
  ["Blue", [60, 110, 185]],
  ["Brown", [110, 75, 50]],
  ["Yellow", [230, 195, 60]],
];

export const PRODUCT_TYPES = ["Women", "Men", "Children", "Unisex"];
export const CONDITIONS = ["Brand New With Tags", "Brand New Without Tags", "Almost New", "Good Condition"];

/** The silhouette a category's pictures show (db/demo/png.mjs). */
export const CATEGORY_SHAPES = {
  Coats: "coat",
  "Jackets & Blazers": "jacket",
  Dresses: "dress",
  Tops: "top",
  Bottoms: "trousers",
  Accessories: "bag",
};
