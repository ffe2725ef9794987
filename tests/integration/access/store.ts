import { area, ownerOrStaff, stores, tag, type AreaRules } from "./kit";

// seller-store-admin.md §6: stores or admins; a store owner opens only their own store's products.
export const rules: AreaRules = {
  pages: {
    "routes/store/index.tsx": area(stores),
    "routes/store/product-edit.tsx": area(stores, ownerOrStaff("storeOwner", `Concierge Blazer ${tag}`)),
  },
  records: async (world) => ({ "/store/product/:productId/edit": `/store/product/${world.storeProduct.id}/edit` }),
};
