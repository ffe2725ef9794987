import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetPages } from "../../app/services/page-cache.server";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";
import { png, svg } from "./images";
import { first, as, tag, unescape, toastAfter, anonymousPage, refused } from "./admin-content-fixtures";

// The admin Brands and Brand Review tabs (issue 14 items 5, 6, 11; decisions 0033, 0034): what
// staff see and do, bad input refused with a clear message and nothing written, and every change
// on the public pages at the next request with the page cache on. The access matrix tries every
// route and intent as every actor.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => forgetPages());

describe("Brands", () => {
  it("creates, edits, marks popular and deletes a brand with the §8 messages; duplicates are refused case-insensitively", async () => {
    const { browser } = await as("admin");
    const name = `Maison ${tag()}`;
    const created = await browser.post("/admin/brands", {
      intent: "create",
      name,
      websiteUrl: "https://maison.example",
      description: "Paris",
    });
    expect(await toastAfter(browser, created)).toEqual(["Brand created successfully", ""]);
    const brand = (await first<{ id: string; website_url: string }>(
      "SELECT id, website_url FROM brands WHERE name = ?",
      name,
    ))!;
    expect(brand.website_url).toBe("https://maison.example/");

    for (const duplicate of [name.toUpperCase(), ` ${name.toLowerCase()} `]) {
      const answer = await refused(browser, "/admin/brands", { intent: "create", name: duplicate });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("Failed to create brand");
      expect(answer.text).toContain("A brand with this name already exists");
    }
    expect((await refused(browser, "/admin/brands", { intent: "create", name: "  " })).text).toContain(
      "Brand name is required",
    );
    // Over the limit is refused at the field, not cut to fit (refused() checks that nothing changed).
    expect((await refused(browser, "/admin/brands", { intent: "create", name: "B".repeat(101) })).text).toContain(
      "Brand name must be at most 100 characters",
    );
    expect(
      (
        await refused(browser, "/admin/brands", {
          intent: "create",
          name: `X${tag()}`,
          websiteUrl: "javascript:alert(1)",
        })
      ).text,
    ).toContain("Website must be an http:// or https:// address");

    // A product carried the old name: a rename carries it too.
    const seller = await createUser();
    const product = await createProduct(seller.id, { name: `Maison Coat ${tag()}`, brand: name });
    const renamed = `${name} Paris`;
    expect(
      await toastAfter(
        browser,
        await browser.post("/admin/brands", { intent: "update", brandId: brand.id, name: renamed }),
      ),
    ).toEqual(["Brand updated successfully", ""]);
    expect(await first("SELECT brand FROM products WHERE id = ?", product.id)).toEqual({ brand: renamed });

    const brandLink = `href="/brand/${encodeURIComponent(renamed)}"`;
    const home = await anonymousPage("/");
    expect(home.text).not.toContain(brandLink);
    expect(
      await toastAfter(
        browser,
        await browser.post("/admin/brands", { intent: "popular", brandId: brand.id, popular: "true" }),
      ),
    ).toEqual(["Brand updated successfully", ""]);
    expect((await anonymousPage("/")).text).toContain(brandLink);

    // A brand a product uses is not deleted (issue 24): refused with the count, merged instead.
    const inUse = await refused(browser, "/admin/brands", { intent: "delete", brandId: brand.id });
    expect(inUse.status).toBe(409);
    expect(inUse.text).toContain(
      `${renamed} is used by 1 product: merge it into another brand instead, so they keep a brand.`,
    );
    const list = await (await browser.fetch("/admin/brands")).text();
    expect(list).toContain(`Merge ${renamed}`);
    expect(list).not.toContain(`Delete ${renamed}`);

    const target = `Atelier ${tag()}`;
    await browser.post("/admin/brands", { intent: "create", name: target });
    const into = (await first<{ id: string }>("SELECT id FROM brands WHERE name = ?", target))!;
    expect(
      (await refused(browser, "/admin/brands", { intent: "merge", brandId: brand.id, intoBrandId: brand.id })).text,
    ).toContain("Choose the brand to merge into");
    expect(
      await toastAfter(
        browser,
        await browser.post("/admin/brands", { intent: "merge", brandId: brand.id, intoBrandId: into.id }),
      ),
    ).toEqual(["Brand merged successfully", ""]);
    expect(await first("SELECT id FROM brands WHERE id = ?", brand.id)).toBeNull();
    expect(await first("SELECT brand, product_status FROM products WHERE id = ?", product.id)).toEqual({
      brand: target,
      product_status: "live",
    });
    // The old brand page leads to the brand it became, and the home page shows no dead link.
    const old = await new Browser().fetch(`/brand/${encodeURIComponent(renamed)}`);
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe(`/brand/${encodeURIComponent(target)}`);
    expect((await anonymousPage(`/brand/${encodeURIComponent(target)}`)).text).toContain(product.name);
    expect((await anonymousPage("/")).text).not.toContain(brandLink);
    expect(
      await first(
        "SELECT action FROM audit_log WHERE target_type = 'brand' AND target_id = ? ORDER BY created_at DESC, rowid DESC",
        brand.id,
      ),
    ).toEqual({ action: "brand.merge" });

    // A brand no product uses is deleted after a confirmation that names it.
    await env.DB.prepare("UPDATE products SET brand = 'Elsewhere' WHERE id = ?").bind(product.id).run();
    expect(unescape(await (await browser.fetch("/admin/brands")).text())).toContain(
      `Delete the brand ${target}? This cannot be undone.`,
    );
    expect(
      await toastAfter(browser, await browser.post("/admin/brands", { intent: "delete", brandId: into.id })),
    ).toEqual(["Brand deleted successfully", ""]);
    expect(await first("SELECT id FROM brands WHERE id = ?", into.id)).toBeNull();
    expect(
      await first(
        "SELECT action FROM audit_log WHERE target_type = 'brand' AND target_id = ? ORDER BY created_at DESC, rowid DESC",
        into.id,
      ),
    ).toEqual({ action: "brand.delete" });
  });

  it("refuses a duplicate brand name even when a logo is staged, and stores no logo", async () => {
    const { browser } = await as("admin");
    const name = `Duplicate ${tag()}`;
    await browser.post("/admin/brands", { intent: "create", name });
    const objectsBefore = (await env.IMAGES.list({ prefix: "brand-logos/" })).objects.length;
    const answer = await refused(browser, "/admin/brands", { intent: "create", name: name.toLowerCase(), logo: png() });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain("A brand with this name already exists");
    expect((await env.IMAGES.list({ prefix: "brand-logos/" })).objects.length).toBe(objectsBefore);
  });

  it("takes an SVG logo but serves it sandboxed, so its script never runs; other types are refused", async () => {
    const { browser } = await as("superadmin");
    const name = `Vector ${tag()}`;
    await browser.post("/admin/brands", { intent: "create", name, logo: svg() });
    const { logo_url: logo } = (await first<{ logo_url: string }>("SELECT logo_url FROM brands WHERE name = ?", name))!;
    expect(logo).toMatch(/^\/images\/brand-logos\/brand_.+\.svg$/);
    const served = await new Browser().fetch(logo);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    const csp = served.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("sandbox");
    expect(csp).not.toMatch(/script-src|allow-scripts/);
    expect(served.headers.get("content-disposition")).toBe("attachment");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");

    const brand = (await first<{ id: string }>("SELECT id FROM brands WHERE name = ?", name))!;
    const gif = new File([Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0, 0x3b])], "logo.gif", {
      type: "image/gif",
    });
    const wrong = await refused(browser, "/admin/brands", { intent: "logo", brandId: brand.id, logo: gif });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("Invalid file type - Please select a PNG, JPG or SVG logo.");
    expect(
      (await refused(browser, "/admin/brands", { intent: "logo", brandId: brand.id, logoKeep: logo })).text,
    ).toContain("Please select a logo file first");

    expect(
      await toastAfter(
        browser,
        await browser.post("/admin/brands", { intent: "logo", brandId: brand.id, logo: png("logo.png") }),
      ),
    ).toEqual(["Brand updated successfully", ""]);
    const { logo_url: replaced } = (await first<{ logo_url: string }>(
      "SELECT logo_url FROM brands WHERE id = ?",
      brand.id,
    ))!;
    expect(replaced).toMatch(/\.png$/);
    expect(await env.IMAGES.head(logo.slice("/images/".length))).toBeNull();
  });
});

describe("Brand Review", () => {
  async function suggestion(name: string) {
    const seller = await createUser();
    const id = `suggestion_${tag()}`;
    await env.DB.prepare(
      "INSERT INTO brand_suggestions (id, suggested_name, description, suggested_by, status, created_at) VALUES (?, ?, 'Small label', ?, 'pending', ?)",
    )
      .bind(id, name, seller.id, Date.now())
      .run();
    const product = await createProduct(seller.id, { name: `${name} Jacket`, brand: name });
    return { id, seller, product };
  }

  it("approves (the brand is created), merges (products move to the brand) and rejects only with a reason", async () => {
    const { browser } = await as("admin");
    const approveName = `Atelier ${tag()}`;
    const a = await suggestion(approveName);
    const page = await (await browser.fetch("/admin/brand-review")).text();
    expect(page).toContain(approveName);
    expect(page).toContain("1 product(s) use this name");
    expect(
      (
        await toastAfter(browser, await browser.post("/admin/brand-review", { intent: "approve", suggestionId: a.id }))
      )[0],
    ).toBe("Brand suggestion approved");
    expect(
      await first("SELECT status, reviewed_by IS NOT NULL AS reviewed FROM brand_suggestions WHERE id = ?", a.id),
    ).toEqual({ status: "approved", reviewed: 1 });
    expect(await first("SELECT name FROM brands WHERE name = ?", approveName)).toEqual({ name: approveName });
    expect((await anonymousPage(`/brand/${encodeURIComponent(approveName)}`)).text).toContain(`${approveName} Jacket`);
    // Reviewed once: a second answer is refused.
    const again = await refused(browser, "/admin/brand-review", {
      intent: "reject",
      suggestionId: a.id,
      reason: "late",
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain("This suggestion has already been reviewed.");

    const target = `Target ${tag()}`;
    await env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)")
      .bind(`brand_${tag()}`, target, Date.now())
      .run();
    const targetId = (await first<{ id: string }>("SELECT id FROM brands WHERE name = ?", target))!.id;
    const misspelt = `targett ${tag()}`;
    const m = await suggestion(misspelt);
    expect(
      (await refused(browser, "/admin/brand-review", { intent: "merge", suggestionId: m.id, brandId: "" })).text,
    ).toContain("Please choose the brand to merge into");
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/brand-review", { intent: "merge", suggestionId: m.id, brandId: targetId }),
        )
      )[0],
    ).toBe("Brand suggestion merged");
    expect(await first("SELECT status, merged_with_brand_id FROM brand_suggestions WHERE id = ?", m.id)).toEqual({
      status: "merged",
      merged_with_brand_id: targetId,
    });
    expect(await first("SELECT brand FROM products WHERE id = ?", m.product.id)).toEqual({ brand: target });

    const r = await suggestion(`Nope ${tag()}`);
    for (const reason of ["", "   ", "no"]) {
      const answer = await refused(browser, "/admin/brand-review", { intent: "reject", suggestionId: r.id, reason });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("Please give a reason (at least 5 characters): the person is shown it.");
    }
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/brand-review", {
            intent: "reject",
            suggestionId: r.id,
            reason: "Not a fashion label",
          }),
        )
      )[0],
    ).toBe("Brand suggestion rejected");
    expect(await first("SELECT status, rejection_reason FROM brand_suggestions WHERE id = ?", r.id)).toEqual({
      status: "rejected",
      rejection_reason: "Not a fashion label",
    });
  });
});
