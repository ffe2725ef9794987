import { area, staff, type AreaRules } from "./kit";

// seller-store-admin.md §6: admins only.
export const rules: AreaRules = {
  pages: {
    "routes/admin/index.tsx": area(staff),
    "routes/admin/blog-new.tsx": area(staff),
  },
};
