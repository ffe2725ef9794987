// Pure catalog rules shared by loaders and tests.
export const NEW_ITEMS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export function newItemsSince(now: number) {
  return now - NEW_ITEMS_WINDOW_DAYS * DAY_MS;
}

/** The price a card shows: the 7-day rental price, falling back to the price (shopper.md §2.8). */
export function cardPrice(product: { rentalPrice: number | null; price: number }) {
  return product.rentalPrice ?? product.price;
}
