import { keysOf } from "./tabs";

// The seller dashboard's tabs (seller-store-admin.md §2), each a `?tab=` URL (decision 0024).
export const SELLER_TAB_LABELS = {
  products: "Products",
  notifications: "Notifications",
  orders: "Orders",
  upload: "Upload Product",
} as const;
export const SELLER_TABS = keysOf(SELLER_TAB_LABELS);
export type SellerTab = (typeof SELLER_TABS)[number];
