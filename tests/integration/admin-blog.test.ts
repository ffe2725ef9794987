import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetPages } from "../../app/services/page-cache.server";
import { bigPng, png, svg } from "./images";
import { first, as, tag, unescape, toastAfter, anonymousPage, refused } from "./admin-content-fixtures";

// The admin blog form (issue 14 items 10, 11; decisions 0033, 0034): posts listed, edited,
// published and deleted, bad input refused with the §5 messages and nothing written, and every
// change on the public pages at the next request with the page cache on.

vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => forgetPages());

describe("Blog", () => {
  it("lists posts with status and date; edits, unpublishes, publishes again and deletes them, and the public pages follow at once", async () => {
    const { browser } = await as("admin");
    const title = `Denim guide ${tag()}`;
    await browser.post("/admin/blog/new", { intent: "save", title, content: "Wash inside out." });
    const post = (await first<{ id: string }>("SELECT id FROM blog_posts WHERE title = ?", title))!;
    expect(await (await browser.fetch("/admin/content")).text()).toContain('href="/admin/blog"');
    const list = unescape(await (await browser.fetch("/admin/blog")).text());
    expect(list).toContain(title);
    expect(list).toContain("Published");
    expect(list).toContain(`Delete the post "${title}"? This cannot be undone.`);
    expect(await (await browser.fetch(`/admin/blog?edit=${post.id}`)).text()).toContain(`Edit ${title}`);

    const edited = `${title} (2026)`;
    expect(
      await toastAfter(
        browser,
        await browser.post("/admin/blog", {
          intent: "save",
          postId: post.id,
          title: edited,
          content: "Wash inside out, cold.",
        }),
      ),
    ).toEqual(["Blog post updated successfully", edited]);
    expect((await anonymousPage(`/blog/${post.id}`)).text).toContain("Wash inside out, cold.");
    expect(
      (await refused(browser, "/admin/blog", { intent: "save", postId: post.id, title: "", content: "" })).text,
    ).toContain("Please fill in both title and content");

    expect(
      await toastAfter(browser, await browser.post("/admin/blog", { intent: "unpublish", postId: post.id })),
    ).toEqual(["Blog post unpublished", edited]);
    expect((await anonymousPage(`/blog/${post.id}`)).response.status).toBe(404);
    expect((await anonymousPage("/")).text).not.toContain(edited);
    expect(await (await browser.fetch("/admin/blog")).text()).toContain("Draft");

    expect(
      await toastAfter(browser, await browser.post("/admin/blog", { intent: "publish", postId: post.id })),
    ).toEqual(["Blog post published", edited]);
    expect((await anonymousPage(`/blog/${post.id}`)).response.status).toBe(200);

    expect(await toastAfter(browser, await browser.post("/admin/blog", { intent: "delete", postId: post.id }))).toEqual(
      ["Blog post deleted", edited],
    );
    expect(await first("SELECT id FROM blog_posts WHERE id = ?", post.id)).toBeNull();
    expect((await anonymousPage(`/blog/${post.id}`)).response.status).toBe(404);
    expect((await refused(browser, "/admin/blog", { intent: "delete", postId: post.id })).status).toBe(404);
  });

  it("publishes a post that shows at once on home's blog rail and /blog/{id}, rendered as text (no HTML, no script)", async () => {
    const { browser } = await as("admin");
    const title = `Caring for cashmere ${tag()}`;
    await anonymousPage("/");
    const preview = await browser.post("/admin/blog/new", {
      intent: "preview",
      title,
      content: "Line one\n\n<img src=x onerror=alert(1)>",
      tags: "care",
    });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Preview");
    expect(previewHtml).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(previewHtml).not.toContain("not shown or kept by Preview");
    // A file chosen in a plain form cannot come back in its input: the preview says so.
    const withFile = await (
      await browser.post("/admin/blog/new", {
        intent: "preview",
        title,
        content: "Line one",
        featuredImage: png("cashmere.png"),
      })
    ).text();
    expect(withFile).toContain("The image you chose is not shown or kept by Preview: choose it again before saving.");
    expect(await first("SELECT id FROM blog_posts WHERE title = ?", title)).toBeNull();

    const response = await browser.post("/admin/blog/new", {
      intent: "save",
      title,
      excerpt: "Keep it soft",
      content: "Wash cold.\n\n<script>alert('x')</script>",
      category: "Care",
      tags: " wool , ,care,  , wool ",
      featuredImage: png("cashmere.png"),
    });
    expect(await toastAfter(browser, response)).toEqual([
      "Blog post saved successfully",
      "published and visible on the home page",
    ]);
    const post = (await first<{
      id: string;
      tags: string;
      status: string;
      featured_image_url: string;
      published_at: number;
    }>("SELECT id, tags, status, featured_image_url, published_at FROM blog_posts WHERE title = ?", title))!;
    expect(response.headers.get("location")).toBe(`/blog/${post.id}`);
    expect(JSON.parse(post.tags)).toEqual(["wool", "care"]);
    expect(post.status).toBe("published");
    expect(post.featured_image_url).toMatch(/^\/images\/blog\/post_.+\.png$/);
    // Previewing an edit shows the featured image it has.
    const edited = await (
      await browser.post(`/admin/blog?edit=${post.id}`, {
        intent: "preview",
        postId: post.id,
        title,
        content: "Wash cold.",
      })
    ).text();
    expect(edited.slice(edited.indexOf('id="preview-heading"'))).toContain(`src="${post.featured_image_url}"`);
    const page = await anonymousPage(`/blog/${post.id}`);
    expect(page.text).toContain(title);
    expect(page.text).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(page.text).not.toContain("<script>alert");
    const home = await anonymousPage("/");
    expect(home.state).toBe("miss");
    expect(home.text).toContain(`href="/blog/${post.id}"`);
  });

  it("refuses missing fields and a 3 MB image with the §5 messages, writing nothing", async () => {
    const { browser } = await as("superadmin");
    const missing = await refused(browser, "/admin/blog/new", { intent: "save", title: "   ", content: "Body" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Missing required fields");
    expect(missing.text).toContain("Please fill in both title and content");
    const big = await refused(browser, "/admin/blog/new", {
      intent: "save",
      title: "Big",
      content: "Body",
      featuredImage: bigPng(3 * 1024 * 1024),
    });
    expect(big.status).toBe(400);
    expect(big.text).toContain("File too large - Please select an image smaller than 2MB");
    const notImage = await refused(browser, "/admin/blog/new", {
      intent: "save",
      title: "Svg",
      content: "Body",
      featuredImage: svg(),
    });
    expect(notImage.text).toContain("Invalid file type");
  });

  it("is refused to staff without the Content tab", async () => {
    for (const actor of ["productReviewer", "customerSupport"] as const) {
      const { browser } = await as(actor);
      const page = await browser.fetch("/admin/blog/new");
      expect(page.status).toBe(403);
      const answer = await refused(browser, "/admin/blog/new", { intent: "save", title: "Nope", content: "Nope" });
      expect(answer.status).toBe(403);
      expect(answer.text).toContain("Your role on the team does not include this tab.");
    }
  });
});
