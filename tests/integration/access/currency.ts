import { expect } from "vitest";
import { tab } from "./admin";
import { anyone, everyone, redirectsTo, rows, type AreaRules } from "./kit";

// Display currency (issue 45; decisions 0084, 0085): the currency form is anyone's (a cookie; a
// signed-in user's own account too); the Exchange rates tab is for staff who run the shop and
// answer shoppers.
export const rules: AreaRules = {
  pages: {
    "routes/resources/currency.tsx": everyone,
    "routes/admin/rates.tsx": tab("rates", "Exchange rates"),
  },
  actions: {
    "routes/resources/currency.tsx": {
      currency: {
        allowed: anyone,
        form: async () => ({ intent: "currency", currency: "EUR", returnTo: "/all-products" }),
        check: async (ctx, response) => {
          redirectsTo(response, "/all-products");
          expect(response.headers.getSetCookie().join(";")).toMatch(/cl_currency=EUR/);
          if (ctx.user)
            expect(await rows("SELECT display_currency FROM users WHERE id = ?", ctx.user.id)).toEqual([
              { display_currency: "EUR" },
            ]);
        },
      },
    },
  },
};
