// The rules of the admin Brands, Brand Review, Content and Blog screens (seller-store-admin.md
// §3, §5, §8; issue 14 items 5, 6, 10, 11; decisions 0033, 0034). Pure: forms in, values or
// field errors out. The spec's messages verbatim where it has them.

import { isSignupMode } from "./selling";
import { limitedText, text, type Parsed } from "./form-text";

/** An absolute http(s) address, normalised; null for anything else (javascript:, data:, relative, garbage). */
export function httpUrl(value: string): string | null {
  if (!/^https?:\/\//i.test(value.trim())) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** One of this site's own images (/images/<key>), as the media library and uploads store them. */
export const isOwnImageUrl = (value: string) =>
  /^\/images\/[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(value) && !value.includes("..");

// ---------------------------------------------------------------------------------------------
// Brands

export const BRAND_NAME_MAX = 100;
export const BRAND_MESSAGES = {
  created: "Brand created successfully",
  updated: "Brand updated successfully",
  deleted: "Brand deleted successfully",
  nameRequired: "Brand name is required",
  nameTooLong: "Brand name must be at most 100 characters",
  duplicate: "A brand with this name already exists",
  website: "Website must be an http:// or https:// address",
  notFound: "Brand not found",
  noLogo: "Please select a logo file first",
  merged: "Brand merged successfully",
  mergeTarget: "Choose the brand to merge into",
} as const;

/** Why a brand that products use cannot simply be deleted (issue 24): they would lose their brand page and filter. */
export const brandInUse = (name: string, products: number) =>
  `${name} is used by ${products} ${products === 1 ? "product" : "products"}: merge it into another brand instead, so they keep a brand.`;

export interface BrandInput {
  name: string;
  websiteUrl: string | null;
  description: string | null;
}

export function readBrandForm(form: FormData): Parsed<BrandInput, "name" | "websiteUrl" | "description"> {
  const { read, errors } = limitedText(form);
  const name = text(form, "name", 101);
  const website = read("websiteUrl", 500, "Website");
  const description = read("description", 1000, "Description");
  if (!name) errors.name = BRAND_MESSAGES.nameRequired;
  // Refused, not cut: a brand's name is its page's address and what every listing of it says.
  else if (name.length > BRAND_NAME_MAX) errors.name = BRAND_MESSAGES.nameTooLong;
  const websiteUrl = website ? httpUrl(website) : null;
  if (website && !websiteUrl) errors.websiteUrl ??= BRAND_MESSAGES.website;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { name, websiteUrl, description: description || null } };
}

export const REVIEW_MESSAGES = {
  approved: "Brand suggestion approved",
  merged: "Brand suggestion merged",
  rejected: "Brand suggestion rejected",
  failed: "Failed to review brand suggestion",
  pickBrand: "Please choose the brand to merge into",
  notPending: "This suggestion has already been reviewed.",
} as const;

// ---------------------------------------------------------------------------------------------
// Categories

/** §5: the lowercase name, spaces to hyphens, anything outside a-z, 0-9 and hyphen removed. */
export function categorySlug(name: string) {
  return name
    .toLowerCase()
    .replace(/\s/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}

export interface CategoryRow {
  id: string;
  name: string;
  parentId: string | null;
}

export interface CategoryInput {
  name: string;
  slug: string;
  description: string | null;
  parentId: string | null;
  sortOrder: number;
  isActive: boolean;
}

export const CATEGORY_MESSAGES = {
  created: "Category created successfully",
  updated: "Category updated successfully",
  deleted: "Category deleted successfully",
  nameRequired: "Category name is required",
  slugRequired: "Slug must contain at least one letter or digit",
  sortOrder: "Sort order must be a whole number",
  ownParent: "A category cannot be its own parent",
  parentNotTopLevel: "Only top-level categories can be a parent",
  hasChildren: "A category with subcategories cannot have a parent",
  duplicateSlug: "A category with this slug already exists",
  duplicateName: "A category with this name already exists",
  nameMakesTakenSlug: "This name makes the same address as another category's: change the name, or type a slug",
  notFound: "Category not found",
} as const;

type CategoryField = "name" | "slug" | "description" | "sortOrder" | "parentId";

/**
 * A category form against the categories that exist: §5's slug and sort_order rules, and the
 * tree kept two levels deep (a parent is a top-level category; never itself, never a category
 * that has children of its own).
 */
export function readCategoryForm(
  form: FormData,
  existing: readonly CategoryRow[],
  editingId: string | null,
): Parsed<CategoryInput, CategoryField> {
  const { read, errors } = limitedText(form);
  const name = read("name", 100, "Name");
  const typedSlug = read("slug", 100, "Slug");
  const description = read("description", 1000, "Description");
  const sortText = text(form, "sortOrder", 20);
  const parentText = text(form, "parentId", 100);
  if (!name) errors.name ??= CATEGORY_MESSAGES.nameRequired;
  const slug = categorySlug(typedSlug || name);
  if (name && !/[a-z0-9]/.test(slug)) errors.slug = CATEGORY_MESSAGES.slugRequired;
  let sortOrder = 0;
  if (sortText) {
    if (/^[+-]?\d{1,9}$/.test(sortText)) sortOrder = Number.parseInt(sortText, 10);
    else errors.sortOrder = CATEGORY_MESSAGES.sortOrder;
  }
  let parentId: string | null = null;
  if (parentText) {
    const parent = existing.find((c) => c.id === parentText);
    if (editingId && parentText === editingId) errors.parentId = CATEGORY_MESSAGES.ownParent;
    else if (!parent || parent.parentId !== null) errors.parentId = CATEGORY_MESSAGES.parentNotTopLevel;
    else if (editingId && existing.some((c) => c.parentId === editingId))
      errors.parentId = CATEGORY_MESSAGES.hasChildren;
    else parentId = parent.id;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name,
      slug,
      description: description || null,
      parentId,
      sortOrder,
      isActive: form.get("isActive") === "on",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Content: banner, pages, site settings

export const BANNER_MESSAGES = {
  updated: "Banner image updated successfully",
  uploaded: "Banner image uploaded successfully",
  failedUpdate: "Failed to update banner image",
  failedUpload: "Failed to upload banner image",
  urlRequired: "Please enter an image URL",
  urlInvalid: "Only http:// or https:// image addresses are allowed",
  pickMedia: "Please choose an image from the media library",
  noFile: "Please select an image file",
} as const;

/** The banner by URL: an absolute http(s) address or one of this site's images; never javascript: or data:. */
export function readBannerUrl(value: string): { ok: true; url: string } | { ok: false; error: string } {
  const trimmed = value.trim();
  if (!trimmed) return { ok: false, error: BANNER_MESSAGES.urlRequired };
  if (isOwnImageUrl(trimmed)) return { ok: true, url: trimmed };
  const url = trimmed.length <= 2000 ? httpUrl(trimmed) : null;
  return url ? { ok: true, url } : { ok: false, error: BANNER_MESSAGES.urlInvalid };
}

/** §3's page keys, with their names in the page picker. */
export const CONTENT_PAGES = [
  { key: "about_us", label: "About us" },
  { key: "terms_conditions", label: "Terms & Conditions" },
  { key: "privacy_policy", label: "Privacy Policy" },
  { key: "delivery", label: "Delivery" },
  { key: "returns", label: "Returns" },
  { key: "faq", label: "FAQ" },
  { key: "seller_terms", label: "Seller terms" },
  { key: "buyer_protection", label: "Buyer Protection" },
] as const;
export type ContentPageKey = (typeof CONTENT_PAGES)[number]["key"];

export const PAGE_MESSAGES = {
  updated: "Page content updated successfully",
  failed: "Failed to update page content",
  pickPage: "Please select a page",
  titleRequired: "Page title is required",
} as const;

export function readPageForm(
  form: FormData,
): Parsed<{ key: ContentPageKey; title: string; content: string }, "pageKey" | "title" | "content"> {
  const { read, errors } = limitedText(form);
  const key = text(form, "pageKey", 50);
  const title = read("title", 200, "Page title");
  const content = read("content", 100_000, "Content");
  if (!CONTENT_PAGES.some((p) => p.key === key)) errors.pageKey = PAGE_MESSAGES.pickPage;
  if (!title) errors.title ??= PAGE_MESSAGES.titleRequired;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { key: key as ContentPageKey, title, content } };
}

/** Site settings, saved one group at a time (§2), each with its own messages (§8). */
export const SETTINGS_GROUPS = {
  site: {
    label: "Site information",
    keys: ["site_title", "site_description"],
    saved: "Site information saved successfully",
    failed: "Failed to save site information",
  },
  contact: {
    label: "Contact information",
    keys: ["contact_email", "support_email", "phone_number"],
    saved: "Contact information saved successfully",
    failed: "Failed to save contact information",
  },
  social: {
    label: "Social media",
    keys: ["facebook_url", "tiktok_url", "instagram_url", "x_url", "bluesky_url"],
    saved: "Social media information saved successfully",
    failed: "Failed to save social media information",
  },
  seo: {
    label: "SEO",
    keys: ["meta_title", "meta_description", "meta_keywords"],
    saved: "SEO settings saved successfully",
    failed: "Failed to save SEO settings",
  },
  // Issue 27 item 7: who may start selling (decision 0057).
  selling: {
    label: "Selling",
    keys: ["seller_signup"],
    saved: "Selling settings saved successfully",
    failed: "Failed to save selling settings",
  },
} as const;
export type SettingsGroup = keyof typeof SETTINGS_GROUPS;
export type SettingKey = (typeof SETTINGS_GROUPS)[SettingsGroup]["keys"][number] | "favicon" | "site_logo";

export const SETTING_LABELS: Record<SettingKey, string> = {
  site_title: "Site title",
  site_description: "Site description",
  site_logo: "Site logo",
  favicon: "Favicon",
  contact_email: "Contact e-mail",
  support_email: "Support e-mail",
  phone_number: "Phone number",
  facebook_url: "Facebook",
  tiktok_url: "TikTok",
  instagram_url: "Instagram",
  x_url: "X",
  bluesky_url: "Bluesky",
  meta_title: "Meta title",
  meta_description: "Meta description",
  meta_keywords: "Meta keywords",
  seller_signup: "Who can start selling",
};

export const FAVICON_MESSAGES = {
  saved: "Favicon updated successfully",
  failed: "Failed to upload favicon",
  noFile: "Please select a logo file first",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One group's values (empty means "not set"), or field errors. */
export function readSettingsGroup(group: SettingsGroup, form: FormData): Parsed<Record<string, string>> {
  const values: Record<string, string> = {};
  const { read, errors } = limitedText(form);
  for (const key of SETTINGS_GROUPS[group].keys) {
    const value = read(key, key.endsWith("description") ? 500 : 300);
    if (value && (key === "contact_email" || key === "support_email") && !EMAIL.test(value))
      errors[key] = "Invalid email address";
    if (value && key.endsWith("_url") && !httpUrl(value)) errors[key] = "Must be an http:// or https:// address";
    values[key] = key.endsWith("_url") && value ? (httpUrl(value) ?? value) : value;
  }
  if (group === "site" && !values.site_title) errors.site_title = "Site title is required";
  if (group === "selling" && !isSignupMode(values.seller_signup))
    errors.seller_signup = "Please choose who can start selling";
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: values };
}

/** §9: the site description is previewed in the toast, cut at 50 characters. */
export const descriptionPreview = (description: string) =>
  description.length > 50 ? `${description.slice(0, 50)}...` : description;
