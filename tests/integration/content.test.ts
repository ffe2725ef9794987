import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { formatLongDate } from "../../app/domain/dates";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";

const get = async (path: string, headers?: HeadersInit) => {
  const response = await new Browser().fetch(path, { headers });
  return { status: response.status, text: await response.text(), response };
};
const h2Count = (html: string) => (html.match(/<h2 id="section-\d+"/g) ?? []).length;
const tag = Date.now().toString(36);
let liveId: string;
let pendingId: string;
let soldId: string;

beforeAll(async () => {
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO site_content (id, content_type, content_key, title, content, updated_at) VALUES ('c_about', 'page', 'about_us', 'About us', ?, ?) ON CONFLICT (content_type, content_key) DO UPDATE SET content = excluded.content",
    ).bind("We love clothes.\n\nSecond <script>alert(1)</script> paragraph.", now),
    env.DB.prepare(
      "INSERT INTO site_content (id, content_type, content_key, content, updated_at) VALUES ('c_contact', 'site_settings', 'contact_email', 'hello@closetloop.test', ?) ON CONFLICT (content_type, content_key) DO NOTHING",
    ).bind(now),
    env.DB.prepare(
      "INSERT INTO blog_posts (id, title, excerpt, content, category, tags, featured_image_url, status, published_at, created_at) VALUES (?, 'Caring for wool', 'Keep it lovely.', 'First paragraph.\n\nSecond paragraph.', 'Care', '[\"care\"]', '/images/blog/x.png', 'published', ?, ?)",
    ).bind(`post_${tag}`, now, now),
    env.DB.prepare(
      "INSERT INTO blog_posts (id, title, content, status, created_at) VALUES (?, 'Draft post', 'Not yet.', 'draft', ?)",
    ).bind(`draft_${tag}`, now),
  ]);
  const owner = await createUser({ displayName: `Sitemap${tag}` });
  liveId = (await createProduct(owner.id)).id;
  pendingId = (await createProduct(owner.id, { productStatus: "pending" })).id;
  soldId = (await createProduct(owner.id)).id;
  await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(soldId).run();
});

describe("legal pages", () => {
  it("privacy policy: 15 numbered sections, today's date, Back to Home", async () => {
    const { status, text } = await get("/privacy-policy");
    expect(status).toBe(200);
    expect(h2Count(text)).toBe(15);
    expect(text).toContain(`Last updated: ${formatLongDate(Date.now())}`);
    expect(text).toContain("Back to Home");
    expect(text).toContain("15. Supervisory authority");
    expect(text).toContain("12. Children under 16");
  });

  it("cookie policy: 8 sections covering the four categories", async () => {
    const { text } = await get("/cookie-policy");
    expect(h2Count(text)).toBe(8);
    for (const s of [
      "Necessary cookies (always active)",
      "Analytics cookies (optional)",
      "Marketing cookies (optional)",
      "Preference cookies (optional)",
      "Do Not Track",
    ])
      expect(text).toContain(s);
  });
});

describe("/pages/{key}", () => {
  it("renders admin content as paragraphs, escaping HTML", async () => {
    const { status, text } = await get("/pages/about_us");
    expect(status).toBe(200);
    expect(text).toContain('<p class="mt-4 leading-relaxed text-stone-800">We love clothes.</p>');
    expect(text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(text).not.toContain("<script>alert(1)</script>");
  });

  it("every managed page is linked from the footer (DECISIONS.md: footer placeholders become real)", async () => {
    const { text } = await get("/pages/about_us");
    for (const key of ["about_us", "terms_conditions", "delivery", "returns", "faq", "contact"])
      expect(text).toContain(`href="/pages/${key}"`);
  });

  it("shows the contact e-mail", async () => {
    expect((await get("/pages/contact")).text).toContain("hello@closetloop.test");
  });

  it("404s an unknown key and sends privacy_policy to the static page", async () => {
    expect((await get("/pages/nonsense")).status).toBe(404);
    const moved = await get("/pages/privacy_policy");
    expect(moved.status).toBe(301);
    expect(moved.response.headers.get("location")).toBe("/privacy-policy");
  });
});

describe("/blog/{postId}", () => {
  it("shows a published post with Open Graph and a canonical URL", async () => {
    const { status, text } = await get(`/blog/post_${tag}`);
    expect(status).toBe(200);
    expect(text).toContain("Caring for wool");
    expect(text).toContain("Second paragraph.");
    expect(text).toContain('property="og:type" content="article"');
    expect(text).toContain(`<link rel="canonical" href="http://localhost/blog/post_${tag}"/>`);
  });

  it("404s a draft or missing post", async () => {
    expect((await get(`/blog/draft_${tag}`)).status).toBe(404);
    expect((await get("/blog/missing")).status).toBe(404);
  });
});

describe("sitemap and robots", () => {
  it("lists live products and public pages, never pending or sold items", async () => {
    const { response, text } = await get("/sitemap.xml");
    expect(response.headers.get("content-type")).toContain("application/xml");
    expect(text).toContain(`<loc>http://localhost/product/${liveId}</loc>`);
    expect(text).not.toContain(pendingId);
    expect(text).not.toContain(soldId);
    expect(text).toContain(`<loc>http://localhost/Sitemap${tag}</loc>`);
    expect(text).toContain("<loc>http://localhost/privacy-policy</loc>");
  });

  it("robots.txt points at the sitemap and keeps private areas out", async () => {
    const { text } = await get("/robots.txt");
    expect(text).toContain("Sitemap: http://localhost/sitemap.xml");
    expect(text).toContain("Disallow: /account");
    expect(text).not.toMatch(/Disallow: \/store\b/);
  });
});

describe("Do Not Track", () => {
  it("counts as a refusal: no consent bar is shown", async () => {
    expect((await get("/")).text).toContain("Reject Non-Essential");
    expect((await get("/", { dnt: "1" })).text).not.toContain("Reject Non-Essential");
    expect((await get("/", { "sec-gpc": "1" })).text).not.toContain("Reject Non-Essential");
  });
});
