import { expect } from "vitest";
import { png } from "../images";
import { createUser, redirectsTo, rows, type AreaRules } from "./kit";
import { fresh, one, rule, tab } from "./admin";

// The admin Brands and Brand Review tabs in the access matrix (seller-store-admin.md §6, decision
// 0031): each tab's pages and actions only for the sub-roles of §6 (SECTION_6 and the rule helpers
// live in ./admin.ts), others 403 with the tab's message. The Content tab and the blog: ./admin-content.ts.

// Records the Brands and Brand Review rules act on (a fresh one per case).
async function brandRow() {
  const id = fresh("brand");
  await rows("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)", id, `Brand ${id}`, Date.now());
  return { id };
}
async function suggestionRow() {
  const id = fresh("suggestion");
  await rows(
    "INSERT INTO brand_suggestions (id, suggested_name, suggested_by, status, created_at) VALUES (?, ?, ?, 'pending', ?)",
    id,
    `Suggested ${id}`,
    (await createUser()).id,
    Date.now(),
  );
  return { id };
}

export const rules: AreaRules = {
  pages: {
    "routes/admin/brands.tsx": tab("brands", "Add brand"),
    "routes/admin/brand-review.tsx": tab("brand-review", "Brand suggestions"),
  },
  actions: {
    "routes/admin/brands.tsx": {
      create: rule("brands", {
        form: async () => ({ intent: "create", name: `Matrix Brand ${crypto.randomUUID()}` }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await rows("SELECT id FROM brands WHERE name = ?", form.name)).toHaveLength(1);
        },
      }),
      update: rule("brands", {
        form: async () => ({
          intent: "update",
          brandId: (await brandRow()).id,
          name: `Renamed ${crypto.randomUUID()}`,
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await one("SELECT name FROM brands WHERE id = ?", form.brandId)).toEqual({ name: form.name });
        },
      }),
      logo: rule("brands", {
        form: async () => ({ intent: "logo", brandId: (await brandRow()).id, logo: png() }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(
            (await one<{ logo_url: string }>("SELECT logo_url FROM brands WHERE id = ?", form.brandId)).logo_url,
          ).toMatch(/^\/images\/brand-logos\/.+\.png$/);
        },
      }),
      delete: rule("brands", {
        form: async () => ({ intent: "delete", brandId: (await brandRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await rows("SELECT id FROM brands WHERE id = ?", form.brandId)).toHaveLength(0);
        },
      }),
      merge: rule("brands", {
        form: async () => ({ intent: "merge", brandId: (await brandRow()).id, intoBrandId: (await brandRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await rows("SELECT id FROM brands WHERE id = ?", form.brandId)).toHaveLength(0);
          expect(await one("SELECT brand_id FROM brand_redirects WHERE brand_id = ?", form.intoBrandId)).toEqual({
            brand_id: form.intoBrandId,
          });
        },
      }),
      popular: rule("brands", {
        form: async () => ({ intent: "popular", brandId: (await brandRow()).id, popular: "true" }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brands");
          expect(await one("SELECT is_popular FROM brands WHERE id = ?", form.brandId)).toEqual({ is_popular: 1 });
        },
      }),
    },
    "routes/admin/brand-review.tsx": {
      approve: rule("brand-review", {
        form: async () => ({ intent: "approve", suggestionId: (await suggestionRow()).id }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brand-review");
          const { status, suggested_name } = await one<{ status: string; suggested_name: string }>(
            "SELECT status, suggested_name FROM brand_suggestions WHERE id = ?",
            form.suggestionId,
          );
          expect(status).toBe("approved");
          expect(await rows("SELECT id FROM brands WHERE name = ?", suggested_name)).toHaveLength(1);
        },
      }),
      merge: rule("brand-review", {
        form: async () => ({
          intent: "merge",
          suggestionId: (await suggestionRow()).id,
          brandId: (await brandRow()).id,
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brand-review");
          expect(
            await one("SELECT status, merged_with_brand_id FROM brand_suggestions WHERE id = ?", form.suggestionId),
          ).toEqual({ status: "merged", merged_with_brand_id: form.brandId });
        },
      }),
      reject: rule("brand-review", {
        form: async () => ({
          intent: "reject",
          suggestionId: (await suggestionRow()).id,
          reason: "Not a fashion brand",
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/admin/brand-review");
          expect(
            await one("SELECT status, rejection_reason FROM brand_suggestions WHERE id = ?", form.suggestionId),
          ).toEqual({ status: "rejected", rejection_reason: "Not a fashion brand" });
        },
      }),
    },
  },
};
