import { area, type AreaRules } from "./kit";

// seller-store-admin.md §6: /account is for any signed-in user.
export const rules: AreaRules = {
  pages: {
    "routes/account/index.tsx": area(() => true),
  },
};
