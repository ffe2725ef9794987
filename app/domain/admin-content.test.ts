import { describe, expect, it } from "vitest";
import {
  categorySlug,
  descriptionPreview,
  httpUrl,
  readBannerUrl,
  readBrandForm,
  readCategoryForm,
  readPageForm,
  readSettingsGroup,
} from "./admin-content";
import { parseTags, readBlogForm } from "./blog-form";
import { publicSettings } from "./site";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("categorySlug (§5)", () => {
  it.each([
    ["Coats", "coats"],
    ["Jackets & Blazers", "jackets--blazers"],
    ["Summer Dresses 2024", "summer-dresses-2024"],
    ["Ça va!", "a-va"],
    ["  Tops  ", "--tops--"],
  ])("%s → %s", (name, slug) => expect(categorySlug(name)).toBe(slug));
});

describe("readCategoryForm", () => {
  const existing = [
    { id: "top", name: "Top", parentId: null },
    { id: "child", name: "Child", parentId: "top" },
    { id: "lonely", name: "Lonely", parentId: null },
  ];
  it("defaults: slug from the name, sort order 0, no parent, active when ticked", () => {
    expect(readCategoryForm(form({ name: "Knit Wear", isActive: "on" }), existing, null)).toEqual({
      ok: true,
      value: { name: "Knit Wear", slug: "knit-wear", description: null, parentId: null, sortOrder: 0, isActive: true },
    });
  });
  it.each([
    [{ name: "" }, null, { name: "Category name is required" }],
    [{ name: "!!!" }, null, { slug: "Slug must contain at least one letter or digit" }],
    [{ name: "A", sortOrder: "1.5" }, null, { sortOrder: "Sort order must be a whole number" }],
    [{ name: "A", sortOrder: "ten" }, null, { sortOrder: "Sort order must be a whole number" }],
    [{ name: "A", parentId: "child" }, null, { parentId: "Only top-level categories can be a parent" }],
    [{ name: "A", parentId: "missing" }, null, { parentId: "Only top-level categories can be a parent" }],
    [{ name: "Top", parentId: "top" }, "top", { parentId: "A category cannot be its own parent" }],
    [{ name: "Top", parentId: "lonely" }, "top", { parentId: "A category with subcategories cannot have a parent" }],
  ] as const)("%j (editing %s) → %j", (fields, editing, errors) => {
    expect(readCategoryForm(form(fields), existing, editing)).toEqual({ ok: false, errors });
  });
  it("takes a negative sort order and a top-level parent", () => {
    expect(
      readCategoryForm(form({ name: "Socks", sortOrder: "-2", parentId: "lonely" }), existing, null),
    ).toMatchObject({ ok: true, value: { sortOrder: -2, parentId: "lonely", isActive: false } });
  });
});

describe("banner URLs and links", () => {
  it.each([
    ["https://cdn.example.com/a.jpg", { ok: true, url: "https://cdn.example.com/a.jpg" }],
    ["http://example.com/a b.png", { ok: true, url: "http://example.com/a%20b.png" }],
    ["/images/banners/x_1.png", { ok: true, url: "/images/banners/x_1.png" }],
    ["javascript:alert(1)", { ok: false, error: "Only http:// or https:// image addresses are allowed" }],
    [" JAVASCRIPT:alert(1)", { ok: false, error: "Only http:// or https:// image addresses are allowed" }],
    ["data:image/png;base64,AA", { ok: false, error: "Only http:// or https:// image addresses are allowed" }],
    ["/images/../secret", { ok: false, error: "Only http:// or https:// image addresses are allowed" }],
    ["//evil.example/x.png", { ok: false, error: "Only http:// or https:// image addresses are allowed" }],
    ["   ", { ok: false, error: "Please enter an image URL" }],
  ])("%s", (input, answer) => expect(readBannerUrl(input)).toEqual(answer));
  it("httpUrl refuses what is not http(s)", () => {
    expect(httpUrl("ftp://x.example")).toBeNull();
    expect(httpUrl("https://")).toBeNull();
    expect(httpUrl("https://x.example")).toBe("https://x.example/");
  });
});

describe("tags (§5) and settings", () => {
  it("splits on commas, trims, drops empties and repeats", () => {
    expect(parseTags(" wool , ,care,, wool ,")).toEqual(["wool", "care"]);
    expect(parseTags("")).toEqual([]);
    expect(parseTags(Array.from({ length: 30 }, (_, i) => `t${i}`).join(","))).toHaveLength(20);
  });
  it("checks each group's fields", () => {
    expect(readSettingsGroup("contact", form({ contact_email: "nope", phone_number: "0207" }))).toEqual({
      ok: false,
      errors: { contact_email: "Invalid email address" },
    });
    expect(readSettingsGroup("social", form({ x_url: "javascript:alert(1)" }))).toEqual({
      ok: false,
      errors: { x_url: "Must be an http:// or https:// address" },
    });
    expect(readSettingsGroup("site", form({ site_title: "" }))).toEqual({
      ok: false,
      errors: { site_title: "Site title is required" },
    });
    expect(readSettingsGroup("seo", form({ meta_title: " T ", meta_keywords: "a, b" }))).toEqual({
      ok: true,
      value: { meta_title: "T", meta_description: "", meta_keywords: "a, b" },
    });
  });
  it("previews the description at 50 characters (§9)", () => {
    expect(descriptionPreview("x".repeat(50))).toBe("x".repeat(50));
    expect(descriptionPreview("x".repeat(51))).toBe(`${"x".repeat(50)}...`);
  });
  it("public settings fall back to the defaults and take only our own favicon", () => {
    expect(publicSettings([]).favicon).toBe("/favicon.svg");
    expect(publicSettings([{ key: "favicon", content: null, imageUrl: "https://evil.example/x.ico" }]).favicon).toBe(
      "/favicon.svg",
    );
    expect(
      publicSettings([{ key: "favicon", content: null, imageUrl: "/images/favicons/favicon_1.png" }]).favicon,
    ).toBe("/images/favicons/favicon_1.png");
    expect(publicSettings([{ key: "site_title", content: "Loop" }])).toMatchObject({
      siteTitle: "Loop",
      metaTitle: "Loop",
    });
  });
});

describe("a staff form's text over its limit (decision 0067)", () => {
  it("is refused at its field, in words, not cut and saved", () => {
    const long = (n: number) => "x".repeat(n + 1);
    expect(readBrandForm(form({ name: "Ganni", description: long(1000) }))).toEqual({
      ok: false,
      errors: { description: "Description must be at most 1,000 characters" },
    });
    expect(readCategoryForm(form({ name: "Socks", description: long(1000) }), [], null)).toEqual({
      ok: false,
      errors: { description: "Description must be at most 1,000 characters" },
    });
    expect(readPageForm(form({ pageKey: "faq", title: long(200), content: "Hello" }))).toEqual({
      ok: false,
      errors: { title: "Page title must be at most 200 characters" },
    });
    expect(readSettingsGroup("site", form({ site_title: long(300) }))).toEqual({
      ok: false,
      errors: { site_title: "Use at most 300 characters" },
    });
    expect(readBlogForm(form({ title: long(200), content: "Words" }))).toMatchObject({
      ok: false,
      missing: false,
      errors: { title: "Title must be at most 200 characters" },
    });
    expect(readBlogForm(form({ title: "", content: "Words" }))).toMatchObject({
      ok: false,
      missing: true,
      errors: { title: "Please fill in both title and content" },
    });
  });
});
