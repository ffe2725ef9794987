// The demo catalog: deterministic, so the seed can run any number of times.
export const PASSWORD = "closetloop-demo";
export const LOCAL_PEPPER = "local-development-password-pepper-000";

export const CATEGORIES = [
  ["coats", "Coats", "Wool, camel and trench coats to carry you through every season.", [140, 110, 80]],
  ["jackets-blazers", "Jackets & Blazers", "Tailored blazers, denim and leather jackets with plenty of life left.", [60, 70, 90]],
  ["dresses", "Dresses", "Slip, wrap and party dresses for every occasion.", [170, 60, 90]],
  ["tops", "Tops", "Shirts, blouses and knits, checked and ready to wear.", [70, 120, 110]],
  ["bottoms", "Bottoms", "Jeans, trousers and skirts in great condition.", [50, 70, 120]],
  ["accessories", "Accessories", "Bags, scarves and belts that finish a look.", [150, 120, 40]],
];

const BRAND_NAMES = [
  "Acne Studios", "AllSaints", "Arket", "Barbour", "Boden", "Burberry", "COS", "Diane von Furstenberg", "Esprit", "Ganni",
  "Hobbs", "Isabel Marant", "Jaeger", "Jigsaw", "Joseph", "Karen Millen", "L.K.Bennett", "Levi's", "Me+Em", "Massimo Dutti",
  "Mulberry", "Nobody's Child", "Patagonia", "Paul Smith", "Phase Eight", "Reformation", "Reiss", "Rixo", "Sandro", "Sézane",
  "Ted Baker", "The Kooples", "Toast", "Uniqlo", "Vivienne Westwood", "Whistles", "Wax London", "Whistles Kids", "Zadig & Voltaire", "Zara",
];
const POPULAR = new Set(["Barbour", "Burberry", "Ganni", "Reiss", "Whistles", "Mulberry", "Acne Studios", "Rixo", "Toast", "Me+Em"]);

export const slug = (s) => s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export const BRANDS = BRAND_NAMES.map((name, i) => ({
  id: `brand_${slug(name)}`,
  name,
  popular: POPULAR.has(name),
  description: `${name}: pre-owned pieces checked by our team, ready to rent or buy.`,
  website: `https://www.${slug(name).replace(/-/g, "")}.example`,
  rgb: [40 + ((i * 53) % 180), 40 + ((i * 97) % 180), 40 + ((i * 31) % 180)],
}));

export const COLOURS = [
  ["Black", [30, 30, 32]], ["White", [235, 235, 230]], ["Navy", [30, 45, 90]], ["Red", [170, 35, 40]], ["Green", [45, 110, 70]],
  ["Beige", [215, 195, 160]], ["Camel", [190, 140, 80]], ["Grey", [125, 125, 130]], ["Pink", [225, 150, 170]], ["Blue", [60, 110, 185]],
  ["Brown", [110, 75, 50]], ["Yellow", [230, 195, 60]],
];

export const PRODUCT_TYPES = ["Women", "Men", "Children", "Unisex"];
export const CONDITIONS = ["Brand New With Tags", "Brand New Without Tags", "Almost New", "Good Condition"];
const BUY_SHARE = { "Brand New With Tags": 0.65, "Brand New Without Tags": 0.58, "Almost New": 0.48, "Good Condition": 0.4 };

// What each kind of item is called (issue 46 item 4: names, descriptions and brands that belong
// together): by category and by who it is for, so a child's dress is never a 'Midi Dress' and a
// man's wardrobe holds no slip dresses (dresses are women's or children's).
const WOMEN_NOUNS = {
  Coats: ["Wrap Coat", "Trench Coat", "Overcoat", "Duffle Coat", "Parka", "Pea Coat"],
  "Jackets & Blazers": ["Blazer", "Denim Jacket", "Leather Jacket", "Bomber Jacket", "Quilted Jacket", "Tweed Jacket"],
  Dresses: ["Slip Dress", "Wrap Dress", "Midi Dress", "Shirt Dress", "Maxi Dress", "Knit Dress"],
  Tops: ["Silk Blouse", "Oxford Shirt", "Cashmere Jumper", "Linen Shirt", "Cardigan", "Polo Top"],
  Bottoms: ["Wide-Leg Trousers", "Straight Jeans", "Pleated Skirt", "Chinos", "Culottes", "Cord Trousers"],
  Accessories: ["Leather Tote", "Silk Scarf", "Crossbody Bag", "Wool Beanie", "Leather Belt", "Clutch Bag"],
};
const MEN_NOUNS = {
  Coats: ["Overcoat", "Trench Coat", "Car Coat", "Duffle Coat", "Parka", "Pea Coat"],
  "Jackets & Blazers": ["Blazer", "Denim Jacket", "Leather Jacket", "Bomber Jacket", "Quilted Jacket", "Tweed Jacket"],
  Dresses: WOMEN_NOUNS.Dresses,
  Tops: ["Oxford Shirt", "Cashmere Jumper", "Linen Shirt", "Cardigan", "Polo Shirt", "Crew-Neck Jumper"],
  Bottoms: ["Slim Jeans", "Straight Jeans", "Wool Trousers", "Chinos", "Cargo Trousers", "Cord Trousers"],
  Accessories: ["Leather Belt", "Wool Beanie", "Silk Tie", "Leather Wallet", "Messenger Bag", "Wool Scarf"],
};
const UNISEX_NOUNS = { ...MEN_NOUNS, Accessories: ["Canvas Tote", "Wool Beanie", "Crossbody Bag", "Leather Belt", "Wool Scarf", "Backpack"] };
const CHILDREN_NOUNS = {
  Coats: ["Duffle Coat", "Puffer Coat", "Raincoat", "Pea Coat", "Parka", "Fleece Coat"],
  "Jackets & Blazers": ["Denim Jacket", "Quilted Jacket", "Bomber Jacket", "Cord Blazer", "Gilet", "Rain Jacket"],
  Dresses: ["Pinafore Dress", "Smock Dress", "Party Dress", "Jersey Dress", "Cord Pinafore", "Sundress"],
  Tops: ["Striped Top", "Knitted Jumper", "Hoodie", "Polo Shirt", "Cardigan", "Sweatshirt"],
  Bottoms: ["Dungarees", "Cord Trousers", "Jeans", "Joggers", "Leggings", "Shorts"],
  Accessories: ["Bobble Hat", "Rucksack", "Mittens", "Sun Hat", "Scarf", "Backpack"],
};
const NOUNS_FOR = { Women: WOMEN_NOUNS, Men: MEN_NOUNS, Unisex: UNISEX_NOUNS, Children: CHILDREN_NOUNS };

/** The brands that make each category (every brand of BRAND_NAMES makes something), and the children's labels. */
const CATEGORY_BRANDS = {
  Coats: ["Burberry", "Barbour", "Jaeger", "Joseph", "Reiss", "Whistles", "Toast", "Arket", "COS", "Massimo Dutti", "Hobbs", "Patagonia"],
  "Jackets & Blazers": ["AllSaints", "Barbour", "Paul Smith", "Reiss", "Sandro", "The Kooples", "Levi's", "Zadig & Voltaire", "Ted Baker", "Wax London", "Isabel Marant", "Acne Studios"],
  Dresses: ["Diane von Furstenberg", "Ganni", "Rixo", "Reformation", "Phase Eight", "Karen Millen", "Whistles", "Me+Em", "Sézane", "Hobbs", "L.K.Bennett", "Nobody's Child", "Boden"],
  Tops: ["COS", "Arket", "Jigsaw", "Me+Em", "Sézane", "Uniqlo", "Paul Smith", "Ganni", "Toast", "Esprit", "Massimo Dutti", "Joseph"],
  Bottoms: ["Levi's", "Acne Studios", "Arket", "COS", "Jigsaw", "Me+Em", "Toast", "Uniqlo", "Zara", "Esprit", "Reformation", "Whistles"],
  Accessories: ["Mulberry", "Vivienne Westwood", "Burberry", "L.K.Bennett", "Sézane", "Paul Smith", "Ted Baker", "Zadig & Voltaire", "Toast", "Acne Studios"],
};
const CHILDREN_BRANDS = ["Boden", "Whistles Kids", "Zara", "Uniqlo"];
const CHILDREN_BRANDS_BY_CATEGORY = { Coats: [...CHILDREN_BRANDS, "Patagonia", "Barbour"], "Jackets & Blazers": [...CHILDREN_BRANDS, "Patagonia", "Barbour"], Bottoms: [...CHILDREN_BRANDS, "Levi's"] };
/** The silhouette a category's pictures show (db/demo/png.mjs), and the nouns that draw another. */
export const CATEGORY_SHAPES = { Coats: "coat", "Jackets & Blazers": "jacket", Dresses: "dress", Tops: "top", Bottoms: "trousers", Accessories: "bag" };
const NOUN_SHAPES = { "Pleated Skirt": "skirt", "Silk Scarf": "scarf", "Wool Scarf": "scarf", Scarf: "scarf", "Silk Tie": "scarf" };

/** How the description opens for each condition: reads as a person would write it. */
const OPENING = {
  "Brand New With Tags": (noun) => `A brand-new ${noun}, tags still on,`,
  "Brand New Without Tags": (noun) => `A brand-new ${noun}, never worn,`,
  "Almost New": (noun) => `An almost new ${noun}`,
  "Good Condition": (noun) => `A well-kept ${noun} in good condition,`,
};

const MATERIALS = ["100% wool", "Cotton", "Silk", "Linen", "Cashmere blend", "Leather", "Denim", "Viscose", "Recycled polyester"];
/** A noun that names its material is made of it (a Linen Shirt is not '100% wool'). */
const NAMED_MATERIALS = [["Linen", "100% linen"], ["Silk", "100% silk"], ["Cashmere", "Cashmere blend"], ["Leather", "Leather"], ["Denim", "Denim"], ["Jeans", "Denim"], ["Dungarees", "Denim"], ["Wool", "100% wool"], ["Tweed", "Wool tweed"], ["Cord", "Cotton corduroy"], ["Oxford", "Cotton"], ["Knit", "Wool blend"], ["Fleece", "Recycled fleece"], ["Canvas", "Cotton canvas"], ["Jersey", "Cotton jersey"], ["Puffer", "Recycled polyester"], ["Rain", "Waxed cotton"], ["Hoodie", "Cotton jersey"], ["Sweatshirt", "Cotton jersey"], ["Joggers", "Cotton jersey"], ["Leggings", "Cotton jersey"]];
const materialOf = (noun, i) => NAMED_MATERIALS.find(([word]) => noun.includes(word))?.[1] ?? MATERIALS[i % MATERIALS.length];
const TAGS = ["vintage", "wool", "summer", "winter", "party", "workwear", "designer", "casual", "occasion", "sustainable", "classic", "statement"];
const MEMORIES = [
  "Wore this to my sister's wedding in the Cotswolds and danced until midnight.",
  "My first purchase after landing my dream job. It has seen a lot of Monday mornings.",
  "Bought in Paris on a rainy weekend; it kept me warm on every bridge along the Seine.",
  "Worn to three festivals and one very muddy picnic, and it still looks brilliant.",
];

const DAY = 24 * 60 * 60 * 1000;

// Sizes (issue 25; app/domain/sizes.ts, migration 0029): spread as a shop's stock is, more 10s
// and 12s, more Ms and Ls; the migration gives existing rows sizes the same way.
const WOMEN_SIZES = ["UK 6", "UK 8", "UK 8", "UK 10", "UK 10", "UK 10", "UK 12", "UK 12", "UK 12", "UK 14", "UK 14", "UK 16", "UK 18", "UK 20"];
const CHILDREN_SIZES = ["0–3 months", "3–6 months", "6–12 months", "12–18 months", "18–24 months", ...Array.from({ length: 13 }, (_, k) => `${k + 2}–${k + 3} years`)];
const LETTER_SIZES = ["XS", "S", "S", "M", "M", "M", "L", "L", "XL", "XXL"];
const FIT_NOTES = ["True to size", "Runs small", "Runs large", "Oversized"];

/** The size, fit note and measurements (cm) of demo product i. */
export function demoSize(i, type, category) {
  const pick = (list) => list[((i * 2654435761) % 4294967296) % list.length];
  const size = category === "Accessories" ? "One size" : type === "Women" ? pick(WOMEN_SIZES) : type === "Children" ? pick(CHILDREN_SIZES) : pick(LETTER_SIZES);
  const fitNote = i % 3 === 0 ? FIT_NOTES[(i / 3) % FIT_NOTES.length] : null;
  let measurements = null;
  if (i % 2 === 0 && category !== "Accessories" && type !== "Children") {
    const base = 84 + ((i * 5) % 24);
    measurements = category === "Bottoms" ? { waist: base - 16, hips: base + 10, insideLeg: 76 + (i % 6) } : { chest: base, length: 60 + ((i * 3) % 50), shoulder: 36 + (i % 9) };
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
  const brands = type === "Children" ? (CHILDREN_BRANDS_BY_CATEGORY[category] ?? CHILDREN_BRANDS) : CATEGORY_BRANDS[category];
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
  const [status, productStatus] = bucket === 3 ? ["pending", "pending"] : bucket === 7 ? ["rejected", "archived"] : bucket === 11 ? ["approved", "archived"] : ["approved", "live"];
  const createdAt = now - ((i * 37) % 120) * DAY - (i % 24) * 60 * 60 * 1000;
  const tags = [...new Set([TAGS[i % TAGS.length], TAGS[(i * 5 + 3) % TAGS.length], ...(i % 3 === 0 ? [TAGS[(i * 7 + 1) % TAGS.length]] : [])])];
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

export const USERS = [
  { id: "user_shopper", email: "shopper@closetloop.test", fullName: "Sam Shopper", displayName: "SamShops", userType: "individual", role: null },
  { id: "user_vendor", email: "vendor@closetloop.test", fullName: "Vera Vintage", displayName: "VintageVera", userType: "vendor", role: ["individual", null, "vendor"], returnAddress: { fullName: "Vera Vintage", addressLine1: "14 Lark Lane", city: "Liverpool", postalCode: "L17 8UU", country: "United Kingdom" } },
  { id: "user_vendor2", email: "vendor2@closetloop.test", fullName: "Rob Retro", displayName: "RetroRob", userType: "vendor", role: ["individual", null, "vendor"], returnAddress: { fullName: "Rob Retro", addressLine1: "3 Gloucester Road", city: "Bristol", postalCode: "BS7 8AA", country: "United Kingdom" } },
  { id: "user_store", email: "store@closetloop.test", fullName: "Kate Kensington", displayName: "KensingtonCloset", userType: "store", role: ["store", null, "store"] },
  { id: "user_superadmin", email: "superadmin@closetloop.test", fullName: "Sasha Super", displayName: null, userType: "individual", role: ["team_member", "superadmin", null] },
  { id: "user_admin", email: "admin@closetloop.test", fullName: "Alex Admin", displayName: null, userType: "individual", role: ["team_member", "admin", null] },
  { id: "user_reviewer", email: "reviewer@closetloop.test", fullName: "Riley Reviewer", displayName: null, userType: "individual", role: ["team_member", "product_reviewer", null] },
  { id: "user_support", email: "support@closetloop.test", fullName: "Casey Support", displayName: null, userType: "individual", role: ["team_member", "customer_support", null] },
];

export const STORE = {
  id: "store_kensington",
  name: "Kensington Closet",
  ownerId: "user_store",
  description: "A neighbourhood boutique for pre-loved designer pieces, managing items for local sellers. Store located at: 12 Kensington High Street, London W8 5NP",
  contactEmail: "hello@kensingtoncloset.test",
};

export const BLOG_POSTS = [
  ["How Rent-Now-Buy-Later works", "Guides", "Rent any item for up to 7 days. Love it? Keep it and pay the Buy Now price. Not for you? Send it back."],
  ["Caring for pre-loved wool", "Care", "Simple habits that keep coats and knits looking new for years: airing, brushing and the right hangers."],
  ["Five ways to style a blazer", "Style", "From the office to the weekend, one good blazer gives you five very different looks."],
  ["Why second-hand is the new first choice", "Sustainability", "Every garment worn again saves water, energy and a trip to landfill. Here is what the numbers say."],
  ["Inside our concierge stores", "Community", "Meet the partner boutiques that check, photograph and look after items for local sellers."],
].map(([title, category, excerpt], i) => ({
  id: `post_${i + 1}`,
  title,
  category,
  excerpt,
  content: `${excerpt}\n\nAt Closetloop every listing is checked before it goes live, and every return is inspected so the next person gets exactly what was described.\n\nWhether you rent for a weekend or buy to keep, choosing pre-owned fashion keeps great clothes in use for longer.`,
  tags: [category.toLowerCase(), "closetloop"],
}));

export const PAGES = {
  about_us: ["About us", "Closetloop is a marketplace for pre-owned fashion. Rent an item for up to 7 days and buy it later if you keep it, or buy it outright.\n\nIndividual sellers list items that our team checks, and partner stores look after items for sellers through our concierge service."],
  terms_conditions: ["Terms & Conditions", "These terms apply when you rent or buy on Closetloop.\n\nA rental lasts 7 days from delivery. Before it ends you can buy the item at its Buy Now price or return it. Items not returned by the end of the window are converted to a purchase."],
  delivery: ["Delivery", "Delivery costs £3.99 per seller or store in your order. Most orders arrive within 2 to 4 working days in the United Kingdom."],
  returns: ["Returns", "Rentals: send a rental back before its 7 days from delivery end, from your order page ('Return it'). Purchases: you can return a purchase within 14 days of its delivery, with a reason, from your order page.\n\nYour order page then shows where to send it (the seller's or the store's return address), the order reference to write on the parcel and the date to post it by; add your parcel's tracking number there.\n\nEvery return is inspected on arrival. In good condition: a rental is closed, a purchase is refunded in full. Damaged: a repair fee of up to the buying price is charged (for a purchase, kept from the refund), with the reason. Not returnable: a rental is charged as a purchase at its buying price; a purchase is not refunded. You are told the outcome and the reason, and our team can overturn a charge within 14 days.\n\nAn order that has not been posted yet can be cancelled from its page and is refunded in full."],
  faq: ["FAQ", "How long can I rent an item? Up to 7 days from delivery.\n\nCan I buy an item I rented? Yes: choose Buy it now before the rental window ends.\n\nHow much is delivery? £3.99 per seller or store in your order."],
};

export const SETTINGS = {
  site_title: "Closetloop",
  site_description: "Rent up to 7 days or buy pre-owned fashion at great prices.",
  contact_email: "hello@closetloop.test",
  support_email: "support@closetloop.test",
  phone_number: "+44 20 7946 0000",
  facebook_url: "https://www.facebook.com/closetloop",
  instagram_url: "https://www.instagram.com/closetloop",
  tiktok_url: "https://www.tiktok.com/@closetloop",
  x_url: "https://x.com/closetloop",
  bluesky_url: "https://bsky.app/profile/closetloop.bsky.social",
  meta_title: "Closetloop | Rent or buy pre-owned fashion",
  meta_description: "Rent up to 7 days or buy your favourites at great prices.",
  meta_keywords: "pre-owned fashion, rent clothes, second-hand designer",
};

export const REVIEW_COMMENTS = [
  "Exactly as described and beautifully packed.",
  "Lovely quality, fits perfectly. Would rent again.",
  "Quick delivery and a very friendly seller.",
  "Slightly more worn than I expected, but still great value.",
  "Wore it to a wedding and got so many compliments!",
];
