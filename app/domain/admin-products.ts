// A product's review by staff (seller-store-admin.md §4): pending, then approved or rejected.

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** §4: in the admin list concierge is derived — store-owned approved: yes, store-owned pending: pending, else no. */
export function conciergeOf(product: { storeId: string | null; status: ReviewStatus }) {
  if (!product.storeId) return "no";
  return product.status === "approved" ? "yes" : product.status === "pending" ? "pending" : "no";
}

/**
 * Who a product waits for (decision 0030). A concierge item is answered by its store first
 * (concierge_status pending), then its listing is reviewed by staff like any other: a product
 * whose listing is still pending and that nobody rejected. null: nobody (listed, archived, rejected).
 */
export function reviewStageOf(product: { storeId: string | null; status: ReviewStatus; productStatus: string; conciergeStatus: string }): "store" | "staff" | null {
  if (product.productStatus !== "pending" || product.status === "rejected") return null;
  return product.storeId && product.conciergeStatus === "pending" ? "store" : "staff";
}

/** What a rejected listing says of why: our team's reason, or the store that declined it and its reason (decision 0067). */
export function rejectionNote(product: { status: string; rejectionReason?: string | null; declinedBy?: string | null }): string | null {
  if (product.status !== "rejected") return null;
  if (product.declinedBy) return `Declined by ${product.declinedBy}${product.rejectionReason ? `: ${product.rejectionReason}` : ""}`;
  return product.rejectionReason ? `Reason: ${product.rejectionReason}` : null;
}
