import { text } from "./admin-content";

// The admin Blog tab's form (issue 14 item 10; decision 0034). Split from admin-content.ts (issue 28:
// files of one purpose).


export const BLOG_MESSAGES = {
  saved: "Blog post saved successfully",
  savedDescription: "published and visible on the home page",
  missingTitle: "Missing required fields",
  missingDescription: "Please fill in both title and content",
  failed: "Failed to save blog post",
  failedDescription: "Please try again. If the problem persists, contact support.",
  updated: "Blog post updated successfully",
  unpublished: "Blog post unpublished",
  published: "Blog post published",
  deleted: "Blog post deleted",
  notFound: "Blog post not found",
} as const;

export const MAX_TAGS = 20;

/** §5: comma-separated, trimmed, empties dropped (and repeats, and past 20). */
export function parseTags(value: string) {
  return [...new Set(value.split(",").map((t) => t.trim().slice(0, 50)).filter(Boolean))].slice(0, MAX_TAGS);
}

export interface BlogInput {
  title: string;
  excerpt: string | null;
  content: string;
  category: string | null;
  tags: string[];
}

export function readBlogForm(form: FormData): { ok: true; value: BlogInput } | { ok: false; missing: true; value: BlogInput } {
  const raw = form.get("content");
  const value: BlogInput = {
    title: text(form, "title", 200),
    excerpt: text(form, "excerpt", 500) || null,
    content: typeof raw === "string" ? raw.replace(/\r\n/g, "\n").trim().slice(0, 50_000) : "",
    category: text(form, "category", 60) || null,
    tags: parseTags(text(form, "tags", 1000)),
  };
  return value.title && value.content ? { ok: true, value } : { ok: false, missing: true, value };
}
