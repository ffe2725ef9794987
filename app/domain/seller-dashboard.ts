// The seller dashboard's tabs (seller-store-admin.md §2), each a `?tab=` URL (decision 0024).
export const SELLER_TABS = ["products", "notifications", "orders", "upload"] as const;
export type SellerTab = (typeof SELLER_TABS)[number];
export const SELLER_TAB_LABELS: Record<SellerTab, string> = { products: "Products", notifications: "Notifications", orders: "Orders", upload: "Upload Product" };
