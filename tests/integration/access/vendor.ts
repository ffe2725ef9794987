import { area, ownerOrStaff, tag, vendors, type AreaRules } from "./kit";

// seller-store-admin.md §6: vendors or admins; a vendor opens only their own products.
export const rules: AreaRules = {
  pages: {
    "routes/vendor/index.tsx": area(vendors),
    "routes/vendor/product-edit.tsx": area(vendors, ownerOrStaff("vendor", `Owned Trench ${tag}`)),
  },
  records: async (world) => ({ "/vendor/product/:id/edit": `/vendor/product/${world.sellerProduct.id}/edit` }),
};
