// A product's review by staff (seller-store-admin.md §4): pending, then approved or rejected.

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** §4: in the admin list concierge is derived — store-owned approved: yes, store-owned pending: pending, else no. */
export function conciergeOf(product: { storeId: string | null; status: ReviewStatus }) {
  if (!product.storeId) return "no";
  return product.status === "approved" ? "yes" : product.status === "pending" ? "pending" : "no";
}
