import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetPages } from "../../app/services/page-cache.server";
import { bigPng, png } from "./images";
import { first, as, tag, toastAfter, anonymousPage, refused } from "./admin-content-fixtures";

// The admin Content tab (issue 14 items 10, 11; decisions 0033, 0034): categories, the home
// banner, page content and site settings, bad input refused with a clear message and nothing
// written, and every change on the public pages at the next request with the page cache on.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => forgetPages());

describe("Content: categories", () => {
  it("creates a category (slug from §5, sort order, active) that home's Shop by Category shows at the next request", async () => {
    const { browser } = await as("admin");
    const name = `Knitwear ${tag()}`;
    const before = await anonymousPage("/");
    expect(before.text).not.toContain(name);
    expect((await anonymousPage("/")).state).toBe("memory");
    const response = await browser.post("/admin/content", {
      intent: "categoryCreate",
      name,
      slug: "",
      sortOrder: "",
      isActive: "on",
      image: png("knit.png"),
    });
    expect((await toastAfter(browser, response))[0]).toBe("Category created successfully");
    const row = (await first<{ id: string; slug: string; sort_order: number; image_url: string }>(
      "SELECT id, slug, sort_order, image_url FROM categories WHERE name = ?",
      name,
    ))!;
    expect(row.slug).toBe(name.toLowerCase().replace(" ", "-"));
    expect(row.sort_order).toBe(0);
    expect(row.image_url).toMatch(/^\/images\/categories\/.+\.png$/);
    const home = await anonymousPage("/");
    expect(home.state).toBe("miss");
    expect(home.text).toContain(`href="/categories/${row.slug}"`);

    // Inactive: off home at once.
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/content", {
            intent: "categoryUpdate",
            categoryId: row.id,
            name,
            slug: row.slug,
            sortOrder: "2",
          }),
        )
      )[0],
    ).toBe("Category updated successfully");
    expect((await anonymousPage("/")).text).not.toContain(`href="/categories/${row.slug}"`);
  });

  it("keeps the tree two levels deep and slugs unique, with a clear message and nothing written", async () => {
    const { browser } = await as("superadmin");
    const t = tag();
    const top = `top-${t}`;
    const child = `child-${t}`;
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, ?, ?, 1, 0, ?)",
      ).bind(top, `Top ${t}`, top, now),
      env.DB.prepare(
        "INSERT INTO categories (id, name, slug, parent_id, is_active, sort_order, created_at) VALUES (?, ?, ?, ?, 1, 0, ?)",
      ).bind(child, `Child ${t}`, child, top, now),
    ]);
    const cases: [Record<string, string>, string][] = [
      [
        { intent: "categoryUpdate", categoryId: top, name: `Top ${t}`, parentId: top },
        "A category cannot be its own parent",
      ],
      [
        { intent: "categoryCreate", name: `Grandchild ${t}`, parentId: child },
        "Only top-level categories can be a parent",
      ],
      [
        { intent: "categoryUpdate", categoryId: top, name: `Top ${t}`, parentId: `other-${t}` },
        "Only top-level categories can be a parent",
      ],
      [{ intent: "categoryCreate", name: `Dup ${t}`, slug: top }, "A category with this slug already exists"],
      [{ intent: "categoryCreate", name: `Top ${t}`, slug: `fresh-${t}` }, "A category with this name already exists"],
      // No slug typed: the one made from the name is taken, and the name is what to change (decision 0067).
      [
        { intent: "categoryCreate", name: `top ${t}!` },
        "This name makes the same address as another category's: change the name, or type a slug",
      ],
      [{ intent: "categoryCreate", name: `Sorted ${t}`, sortOrder: "1.5" }, "Sort order must be a whole number"],
      [{ intent: "categoryCreate", name: "", sortOrder: "1" }, "Category name is required"],
    ];
    await env.DB.prepare(
      "INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, ?, ?, 1, 0, ?)",
    )
      .bind(`other-${t}`, `Other ${t}`, `other-${t}`, now)
      .run();
    await env.DB.prepare("UPDATE categories SET parent_id = ? WHERE id = ?").bind(top, `other-${t}`).run();
    for (const [form, message] of cases) {
      const answer = await refused(browser, "/admin/content", form);
      expect(answer.status, message).toBe(400);
      expect(answer.text, message).toContain(message);
      expect(answer.text).toMatch(/Error (creating|updating) category/);
    }
    // A parent with children cannot become a child.
    await env.DB.prepare(
      "INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, ?, ?, 1, 0, ?)",
    )
      .bind(`second-${t}`, `Second ${t}`, `second-${t}`, now)
      .run();
    expect(
      (
        await refused(browser, "/admin/content", {
          intent: "categoryUpdate",
          categoryId: top,
          name: `Top ${t}`,
          parentId: `second-${t}`,
        })
      ).text,
    ).toContain("A category with subcategories cannot have a parent");
    // Deleting a parent makes its children top-level.
    expect(
      (
        await toastAfter(browser, await browser.post("/admin/content", { intent: "categoryDelete", categoryId: top }))
      )[0],
    ).toBe("Category deleted successfully");
    expect(await first("SELECT parent_id FROM categories WHERE id = ?", child)).toEqual({ parent_id: null });
  });
});

describe("Content: banner, pages and site settings", () => {
  it("sets the home banner by URL (never javascript:), from an upload into the media library, and from the library", async () => {
    const { browser } = await as("admin");
    for (const [url, message] of [
      ["javascript:alert(document.cookie)", "Only http:// or https:// image addresses are allowed"],
      ["JaVaScRiPt:alert(1)", "Only http:// or https:// image addresses are allowed"],
      ["data:image/png;base64,AAAA", "Only http:// or https:// image addresses are allowed"],
      ["", "Please enter an image URL"],
    ] as const) {
      const answer = await refused(browser, "/admin/content", { intent: "bannerUrl", bannerUrl: url });
      expect(answer.status).toBe(400);
      expect(answer.text).toContain("Failed to update banner image");
      expect(answer.text).toContain(message);
    }
    const external = `https://cdn.example.test/${tag()}.jpg`;
    expect(
      (
        await toastAfter(browser, await browser.post("/admin/content", { intent: "bannerUrl", bannerUrl: external }))
      )[0],
    ).toBe("Banner image updated successfully");
    expect((await anonymousPage("/")).text).toContain(external);

    expect(
      (await refused(browser, "/admin/content", { intent: "bannerUpload", banner: bigPng(5 * 1024 * 1024 + 10) })).text,
    ).toContain("File size must be less than 5MB");
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/content", { intent: "bannerUpload", banner: png("spring.png") }),
        )
      )[0],
    ).toBe("Banner image uploaded successfully");
    const media = (await first<{ id: string; file_url: string }>(
      "SELECT id, file_url FROM media_library WHERE file_name = 'spring.png' ORDER BY created_at DESC",
    ))!;
    expect((await anonymousPage("/")).text).toContain(media.file_url);

    await browser.post("/admin/content", { intent: "bannerUrl", bannerUrl: external });
    expect(
      (await toastAfter(browser, await browser.post("/admin/content", { intent: "bannerPick", mediaId: media.id })))[0],
    ).toBe("Banner image updated successfully");
    expect((await anonymousPage("/")).text).toContain(media.file_url);
  });

  it("saves page content shown at /pages/{key} and as the privacy policy, at the next request", async () => {
    const { browser } = await as("admin");
    const words = `We answer everything ${tag()}`;
    expect((await anonymousPage("/pages/faq")).state).not.toBe("memory");
    expect((await refused(browser, "/admin/content", { intent: "page", pageKey: "faq", title: "" })).text).toContain(
      "Page title is required",
    );
    expect(
      (await refused(browser, "/admin/content", { intent: "page", pageKey: "secrets", title: "x" })).text,
    ).toContain("Please select a page");
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/content", {
            intent: "page",
            pageKey: "faq",
            title: "Questions",
            content: `${words}\n\n<script>alert(1)</script>`,
          }),
        )
      )[0],
    ).toBe("Page content updated successfully");
    const faq = await anonymousPage("/pages/faq");
    expect(faq.text).toContain(words);
    expect(faq.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    const policy = `Our own privacy words ${tag()}`;
    await browser.post("/admin/content", {
      intent: "page",
      pageKey: "privacy_policy",
      title: "Privacy Policy",
      content: policy,
    });
    // Added after the spec's 15 sections, never instead of them (issue 24).
    const privacy = (await anonymousPage("/privacy-policy")).text;
    expect(privacy).toContain(policy);
    expect(privacy).toContain("Additional information");
    expect(privacy.indexOf("15. Supervisory authority")).toBeGreaterThan(0);
    expect(privacy.indexOf("15. Supervisory authority")).toBeLessThan(privacy.indexOf(policy));
    await env.DB.prepare(
      "DELETE FROM site_content WHERE content_type = 'page' AND content_key = 'privacy_policy'",
    ).run();
  });

  it("saves each settings group on its own, and the pages use them: title and SEO on home, contact e-mail in the footer, the favicon", async () => {
    const { browser } = await as("superadmin");
    const t = tag();
    // Each group's button names it as a sentence does: 'Save SEO', not 'Save seo'.
    const buttons = [
      ...(await (await browser.fetch("/admin/content")).text()).matchAll(
        /value="(site|contact|social|seo|selling)"[^>]*>([^<]+)</g,
      ),
    ].map((m) => m[2]);
    expect(buttons).toEqual([
      "Save site information",
      "Save contact information",
      "Save social media",
      "Save SEO",
      "Save selling",
    ]);
    await anonymousPage("/");
    const site = await browser.post("/admin/content", {
      intent: "site",
      site_title: `Loop ${t}`,
      site_description: "A very long description of the marketplace that goes past fifty characters.",
    });
    expect(await toastAfter(browser, site)).toEqual([
      "Site information saved successfully",
      "A very long description of the marketplace that go...",
    ]);
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/content", {
            intent: "contact",
            contact_email: `hello-${t}@closetloop.test`,
            support_email: "",
            phone_number: "",
          }),
        )
      )[0],
    ).toBe("Contact information saved successfully");
    expect(
      (await refused(browser, "/admin/content", { intent: "contact", contact_email: "not-an-email" })).text,
    ).toContain("Failed to save contact information");
    expect(
      (await refused(browser, "/admin/content", { intent: "social", facebook_url: "javascript:alert(1)" })).text,
    ).toContain("Failed to save social media information");
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/content", { intent: "social", facebook_url: `https://facebook.com/${t}` }),
        )
      )[0],
    ).toBe("Social media information saved successfully");
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/content", {
            intent: "seo",
            meta_title: `Meta ${t}`,
            meta_description: `Described ${t}`,
            meta_keywords: "pre-owned, rental",
          }),
        )
      )[0],
    ).toBe("SEO settings saved successfully");
    expect((await refused(browser, "/admin/content", { intent: "favicon" })).text).toContain(
      "Please select a logo file first",
    );
    expect(
      (
        await toastAfter(
          browser,
          await browser.post("/admin/content", { intent: "favicon", favicon: png("favicon.png") }),
        )
      )[0],
    ).toBe("Favicon updated successfully");

    const home = await anonymousPage("/");
    expect(home.state).toBe("miss");
    expect(home.text).toContain(`<title>Meta ${t}</title>`);
    expect(home.text).toContain(`<meta name="description" content="Described ${t}"/>`);
    expect(home.text).toContain(`<meta name="keywords" content="pre-owned, rental"/>`);
    expect(home.text).toContain(`Loop ${t}`);
    expect(home.text).toContain(`mailto:hello-${t}@closetloop.test`);
    expect(home.text).toContain(`https://facebook.com/${t}`);
    expect(home.text).toMatch(/<link rel="icon" href="\/images\/favicons\/favicon_\d+\.png"\/>/);
    await env.DB.prepare(
      "DELETE FROM site_content WHERE content_type = 'site_settings' AND content_key IN ('site_title', 'site_description', 'meta_title', 'meta_description', 'meta_keywords', 'favicon')",
    ).run();
  });
});
