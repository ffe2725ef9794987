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
export function reviewStageOf(product: {
  storeId: string | null;
  status: ReviewStatus;
  productStatus: string;
  conciergeStatus: string;
}): "store" | "staff" | null {
  if (product.productStatus !== "pending" || product.status === "rejected") return null;
  return product.storeId && product.conciergeStatus === "pending" ? "store" : "staff";
}

/**
 * The first of a product's badges (decision 0069): our team's review, except where the status is
 * its store's answer — a concierge item its store accepted that now waits for our team reads
 * 'Store: approved' (not 'Review: approved' beside 'Listing: pending'), and one its store declined
 * reads 'Store: declined' (a live one stays on the shop as its seller's own listing).
 */
export function reviewLabel(product: { status: string; productStatus?: string; declinedBy?: string | null }): string {
  if (product.status === "rejected" && product.declinedBy) return "Store: declined";
  // Approved and not listed yet happens only so (decision 0030: staff approving lists it).
  if (product.status === "approved" && product.productStatus === "pending") return "Store: approved";
  return `Review: ${product.status}`;
}

/** What the seller of a rejected listing can do next (decision 0069; a changed listing goes back into review, decision 0066). */
export function rejectionNextStep(product: {
  status: string;
  productStatus?: string;
  declinedBy?: string | null;
}): string | null {
  if (product.status !== "rejected") return null;
  if (product.declinedBy)
    return product.productStatus === "live"
      ? null
      : "Edit it to choose another store, or none: it then goes to review again.";
  return "Edit it to change what the reason asks: it then goes to review again.";
}

/** What a rejected listing says of why: our team's reason, or the store that declined it and its reason (decision 0067). */
export function rejectionNote(product: {
  status: string;
  productStatus?: string;
  rejectionReason?: string | null;
  declinedBy?: string | null;
}): string | null {
  if (product.status !== "rejected") return null;
  if (product.declinedBy) {
    const still = product.productStatus === "live" ? ". It stays on the shop, no longer managed by the store." : "";
    return `Declined by ${product.declinedBy}${product.rejectionReason ? `: ${product.rejectionReason}` : ""}${still}`;
  }
  return product.rejectionReason ? `Reason: ${product.rejectionReason}` : null;
}
