import { limitedText } from "./form-text";

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
  return [
    ...new Set(
      value
        .split(",")
        .map((t) => t.trim().slice(0, 50))
        .filter(Boolean),
    ),
  ].slice(0, MAX_TAGS);
}

export interface BlogInput {
  title: string;
  excerpt: string | null;
  content: string;
  category: string | null;
  tags: string[];
}

/** The post, or why not (with what was read, for the preview): a missing title or content (§5's one message for both), or a field over its limit. */
export function readBlogForm(
  form: FormData,
): { ok: true; value: BlogInput } | { ok: false; missing: boolean; errors: Record<string, string>; value: BlogInput } {
  const { read, errors } = limitedText(form);
  const value: BlogInput = {
    title: read("title", 200, "Title"),
    excerpt: read("excerpt", 500, "Excerpt") || null,
    content: read("content", 50_000, "Content"),
    category: read("category", 60, "Category") || null,
    tags: parseTags(read("tags", 1000, "Tags")),
  };
  const missing = !value.title || !value.content;
  if (!value.title) errors.title ??= BLOG_MESSAGES.missingDescription;
  if (!value.content) errors.content ??= BLOG_MESSAGES.missingDescription;
  return Object.keys(errors).length
    ? { ok: false, missing, errors: errors as Record<string, string>, value }
    : { ok: true, value };
}
