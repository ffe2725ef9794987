// The demo shop's data: deterministic, so the seed can run any number of times. The accounts, the
// store, the pages and the settings are here; the catalog's vocabulary (data-catalog.mjs), the words
// its items are made of (data-wording.mjs) and the items themselves (data-products.mjs) have files of their own.
export { BRANDS, CATEGORIES, CATEGORY_SHAPES, COLOURS, CONDITIONS, PRODUCT_TYPES, slug } from "./data-catalog.mjs";
export { demoProduct, demoSize, PRODUCT_COLUMNS, PRODUCT_MARKS, productValues } from "./data-products.mjs";

export const PASSWORD = "closetloop-demo";
export const LOCAL_PEPPER = "local-development-password-pepper-000";

export const USERS = [
  {
    id: "user_shopper",
    email: "shopper@closetloop.test",
    fullName: "Sam Shopper",
    displayName: "SamShops",
    userType: "individual",
    role: null,
  },
  {
    id: "user_vendor",
    email: "vendor@closetloop.test",
    fullName: "Vera Vintage",
    displayName: "VintageVera",
    userType: "vendor",
    role: ["individual", null, "vendor"],
    returnAddress: {
      fullName: "Vera Vintage",
      addressLine1: "14 Lark Lane",
      city: "Liverpool",
      postalCode: "L17 8UU",
      country: "United Kingdom",
    },
  },
  {
    id: "user_vendor2",
    email: "vendor2@closetloop.test",
    fullName: "Rob Retro",
    displayName: "RetroRob",
    userType: "vendor",
    role: ["individual", null, "vendor"],
    returnAddress: {
      fullName: "Rob Retro",
      addressLine1: "3 Gloucester Road",
      city: "Bristol",
      postalCode: "BS7 8AA",
      country: "United Kingdom",
    },
  },
  {
    id: "user_store",
    email: "store@closetloop.test",
    fullName: "Kate Kensington",
    displayName: "KensingtonCloset",
    userType: "store",
    role: ["store", null, "store"],
  },
  {
    id: "user_superadmin",
    email: "superadmin@closetloop.test",
    fullName: "Sasha Super",
    displayName: null,
    userType: "individual",
    role: ["team_member", "superadmin", null],
  },
  {
    id: "user_admin",
    email: "admin@closetloop.test",
    fullName: "Alex Admin",
    displayName: null,
    userType: "individual",
    role: ["team_member", "admin", null],
  },
  {
    id: "user_reviewer",
    email: "reviewer@closetloop.test",
    fullName: "Riley Reviewer",
    displayName: null,
    userType: "individual",
    role: ["team_member", "product_reviewer", null],
  },
  {
    id: "user_support",
    email: "support@closetloop.test",
    fullName: "Casey Support",
    displayName: null,
    userType: "individual",
    role: ["team_member", "customer_support", null],
  },
];

export const STORE = {
  id: "store_kensington",
  name: "Kensington Closet",
  ownerId: "user_store",
  description:
    "A neighbourhood boutique for pre-loved designer pieces, managing items for local sellers. Store located at: 12 Kensington High Street, London W8 5NP",
  contactEmail: "hello@kensingtoncloset.test",
};

export const BLOG_POSTS = [
  [
    "How Rent-Now-Buy-Later works",
    "Guides",
    "Rent any item for up to 7 days. Love it? Keep it and pay the Buy Now price. Not for you? Send it back.",
  ],
  [
    "Caring for pre-loved wool",
    "Care",
    "Simple habits that keep coats and knits looking new for years: airing, brushing and the right hangers.",
  ],
  [
    "Five ways to style a blazer",
    "Style",
    "From the office to the weekend, one good blazer gives you five very different looks.",
  ],
  [
    "Why second-hand is the new first choice",
    "Sustainability",
    "Every garment worn again saves water, energy and a trip to landfill. Here is what the numbers say.",
  ],
  [
    "Inside our concierge stores",
    "Community",
    "Meet the partner boutiques that check, photograph and look after items for local sellers.",
  ],
].map(([title, category, excerpt], i) => ({
  id: `post_${i + 1}`,
  title,
  category,
  excerpt,
  content: `${excerpt}\n\nAt Closetloop every listing is checked before it goes live, and every return is inspected so the next person gets exactly what was described.\n\nWhether you rent for a weekend or buy to keep, choosing pre-owned fashion keeps great clothes in use for longer.`,
  tags: [category.toLowerCase(), "closetloop"],
}));

export const PAGES = {
  about_us: [
    "About us",
    "Closetloop is a marketplace for pre-owned fashion. Rent an item for up to 7 days and buy it later if you keep it, or buy it outright.\n\nIndividual sellers list items that our team checks, and partner stores look after items for sellers through our concierge service.",
  ],
  terms_conditions: [
    "Terms & Conditions",
    "These terms apply when you rent or buy on Closetloop.\n\nA rental lasts 7 days from delivery. Before it ends you can buy the item at its Buy Now price or return it. Items not returned by the end of the window are converted to a purchase.",
  ],
  delivery: [
    "Delivery",
    "Delivery costs £3.99 per seller or store in your order. Most orders arrive within 2 to 4 working days in the United Kingdom.",
  ],
  returns: [
    "Returns",
    "Rentals: send a rental back before its 7 days from delivery end, from your order page ('Return it'). Purchases: you can return a purchase within 14 days of its delivery, with a reason, from your order page.\n\nYour order page then shows where to send it (the seller's or the store's return address), the order reference to write on the parcel and the date to post it by; add your parcel's tracking number there.\n\nEvery return is inspected on arrival. In good condition: a rental is closed, a purchase is refunded in full. Damaged: a repair fee of up to the buying price is charged (for a purchase, kept from the refund), with the reason. Not returnable: a rental is charged as a purchase at its buying price; a purchase is not refunded. You are told the outcome and the reason, and our team can overturn a charge within 14 days.\n\nAn order that has not been posted yet can be cancelled from its page and is refunded in full.",
  ],
  faq: [
    "FAQ",
    "How long can I rent an item? Up to 7 days from delivery.\n\nCan I buy an item I rented? Yes: choose Buy it now before the rental window ends.\n\nHow much is delivery? £3.99 per seller or store in your order.",
  ],
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
