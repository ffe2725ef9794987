// What a demo item is called, made of and said to be (issue 46 item 4): the words demoProduct
// (data-products.mjs) puts together, and the share of its original price a condition sells for.

export const BUY_SHARE = {
  "Brand New With Tags": 0.65,
  "Brand New Without Tags": 0.58,
  "Almost New": 0.48,
  "Good Condition": 0.4,
};

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
const UNISEX_NOUNS = {
  ...MEN_NOUNS,
  Accessories: ["Canvas Tote", "Wool Beanie", "Crossbody Bag", "Leather Belt", "Wool Scarf", "Backpack"],
};
const CHILDREN_NOUNS = {
  Coats: ["Duffle Coat", "Puffer Coat", "Raincoat", "Pea Coat", "Parka", "Fleece Coat"],
  "Jackets & Blazers": ["Denim Jacket", "Quilted Jacket", "Bomber Jacket", "Cord Blazer", "Gilet", "Rain Jacket"],
  Dresses: ["Pinafore Dress", "Smock Dress", "Party Dress", "Jersey Dress", "Cord Pinafore", "Sundress"],
  Tops: ["Striped Top", "Knitted Jumper", "Hoodie", "Polo Shirt", "Cardigan", "Sweatshirt"],
  Bottoms: ["Dungarees", "Cord Trousers", "Jeans", "Joggers", "Leggings", "Shorts"],
  Accessories: ["Bobble Hat", "Rucksack", "Mittens", "Sun Hat", "Scarf", "Backpack"],
};
export const NOUNS_FOR = { Women: WOMEN_NOUNS, Men: MEN_NOUNS, Unisex: UNISEX_NOUNS, Children: CHILDREN_NOUNS };

/** The brands that make each category (every brand of BRAND_NAMES makes something), and the children's labels. */
export const CATEGORY_BRANDS = {
  Coats: [
    "Burberry",
    "Barbour",
    "Jaeger",
    "Joseph",
    "Reiss",
    "Whistles",
    "Toast",
    "Arket",
    "COS",
    "Massimo Dutti",
    "Hobbs",
    "Patagonia",
  ],
  "Jackets & Blazers": [
    "AllSaints",
    "Barbour",
    "Paul Smith",
    "Reiss",
    "Sandro",
    "The Kooples",
    "Levi's",
    "Zadig & Voltaire",
    "Ted Baker",
    "Wax London",
    "Isabel Marant",
    "Acne Studios",
  ],
  Dresses: [
    "Diane von Furstenberg",
    "Ganni",
    "Rixo",
    "Reformation",
    "Phase Eight",
    "Karen Millen",
    "Whistles",
    "Me+Em",
    "Sézane",
    "Hobbs",
    "L.K.Bennett",
    "Nobody's Child",
    "Boden",
  ],
  Tops: [
    "COS",
    "Arket",
    "Jigsaw",
    "Me+Em",
    "Sézane",
    "Uniqlo",
    "Paul Smith",
    "Ganni",
    "Toast",
    "Esprit",
    "Massimo Dutti",
    "Joseph",
  ],
  Bottoms: [
    "Levi's",
    "Acne Studios",
    "Arket",
    "COS",
    "Jigsaw",
    "Me+Em",
    "Toast",
    "Uniqlo",
    "Zara",
    "Esprit",
    "Reformation",
    "Whistles",
  ],
  Accessories: [
    "Mulberry",
    "Vivienne Westwood",
    "Burberry",
    "L.K.Bennett",
    "Sézane",
    "Paul Smith",
    "Ted Baker",
    "Zadig & Voltaire",
    "Toast",
    "Acne Studios",
  ],
};
export const CHILDREN_BRANDS = ["Boden", "Whistles Kids", "Zara", "Uniqlo"];
export const CHILDREN_BRANDS_BY_CATEGORY = {
  Coats: [...CHILDREN_BRANDS, "Patagonia", "Barbour"],
  "Jackets & Blazers": [...CHILDREN_BRANDS, "Patagonia", "Barbour"],
  Bottoms: [...CHILDREN_BRANDS, "Levi's"],
};
/** The nouns whose pictures show another silhouette than their category's. */
export const NOUN_SHAPES = {
  "Pleated Skirt": "skirt",
  "Silk Scarf": "scarf",
  "Wool Scarf": "scarf",
  Scarf: "scarf",
  "Silk Tie": "scarf",
};

/** How the description opens for each condition: reads as a person would write it. */
export const OPENING = {
  "Brand New With Tags": (noun) => `A brand-new ${noun}, tags still on,`,
  "Brand New Without Tags": (noun) => `A brand-new ${noun}, never worn,`,
  "Almost New": (noun) => `An almost new ${noun}`,
  "Good Condition": (noun) => `A well-kept ${noun} in good condition,`,
};

const MATERIALS = [
  "100% wool",
  "Cotton",
  "Silk",
  "Linen",
  "Cashmere blend",
  "Leather",
  "Denim",
  "Viscose",
  "Recycled polyester",
];
/** A noun that names its material is made of it (a Linen Shirt is not '100% wool'). */
const NAMED_MATERIALS = [
  ["Linen", "100% linen"],
  ["Silk", "100% silk"],
  ["Cashmere", "Cashmere blend"],
  ["Leather", "Leather"],
  ["Denim", "Denim"],
  ["Jeans", "Denim"],
  ["Dungarees", "Denim"],
  ["Wool", "100% wool"],
  ["Tweed", "Wool tweed"],
  ["Cord", "Cotton corduroy"],
  ["Oxford", "Cotton"],
  ["Knit", "Wool blend"],
  ["Fleece", "Recycled fleece"],
  ["Canvas", "Cotton canvas"],
  ["Jersey", "Cotton jersey"],
  ["Puffer", "Recycled polyester"],
  ["Rain", "Waxed cotton"],
  ["Hoodie", "Cotton jersey"],
  ["Sweatshirt", "Cotton jersey"],
  ["Joggers", "Cotton jersey"],
  ["Leggings", "Cotton jersey"],
];
export const materialOf = (noun, i) =>
  NAMED_MATERIALS.find(([word]) => noun.includes(word))?.[1] ?? MATERIALS[i % MATERIALS.length];
export const TAGS = [
  "vintage",
  "wool",
  "summer",
  "winter",
  "party",
  "workwear",
  "designer",
  "casual",
  "occasion",
  "sustainable",
  "classic",
  "statement",
];
export const MEMORIES = [
  "Wore this to my sister's wedding in the Cotswolds and danced until midnight.",
  "My first purchase after landing my dream job. It has seen a lot of Monday mornings.",
  "Bought in Paris on a rainy weekend; it kept me warm on every bridge along the Seine.",
  "Worn to three festivals and one very muddy picnic, and it still looks brilliant.",
];
