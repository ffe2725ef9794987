import type { ItemStatus, OrderStatus } from "./order-lifecycle";
import { keysOf } from "./tabs";

// The account page's rules (seller-store-admin.md §2 Account Management, §5 Account forms, §8
// Account, §9; DECISIONS.md Routes and Security). Pure: no storage, time passed in.

export const ACCOUNT_TAB_LABELS = {
  summary: "Summary",
  profile: "Profile",
  security: "Security",
  orders: "My Orders",
  products: "Products",
} as const;
export const ACCOUNT_TABS = keysOf(ACCOUNT_TAB_LABELS);
export type AccountTab = (typeof ACCOUNT_TABS)[number];

// ---------------------------------------------------------------------------------------------
// Profile

export const FULL_NAME_MAX = 120;
export const DISPLAY_NAME_MAX = 40;

export const PROFILE_MESSAGES = {
  fullNameRequired: "Full name is required",
  fullNameTooLong: `Full name must be at most ${FULL_NAME_MAX} characters`,
  displayNameRequired: "Display name is required",
  displayNameTooLong: `Display name must be at most ${DISPLAY_NAME_MAX} characters`,
  displayNameShape:
    "Display name can use letters, numbers, spaces, hyphens and underscores, and must start with a letter or number",
  displayNameTaken: "This display name is already taken. Please choose another.",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
} as const;

/** Product types own /{type} (DECISIONS.md Routes: a product type wins over a vendor). */
const PRODUCT_TYPE_NAMES = ["women", "men", "children", "unisex"];

export interface RouteManifestEntry {
  id: string;
  parentId?: string;
  path?: string;
}

/**
 * The first path segment of every route in a React Router route manifest (the server build's
 * `routes`), lower-cased: the names a display name may not take, so a vendor's profile URL can
 * never shadow a page. Dynamic segments (`:slug`, `*`) are not names.
 */
export function topLevelSegments(manifest: Record<string, RouteManifestEntry | undefined>): string[] {
  const fullPath = (entry: RouteManifestEntry): string => {
    const parent = entry.parentId ? manifest[entry.parentId] : undefined;
    const own = entry.path ?? "";
    return parent ? `${fullPath(parent)}/${own}` : own;
  };
  const segments = new Set<string>();
  for (const entry of Object.values(manifest)) {
    if (!entry) continue;
    const first = fullPath(entry)
      .split("/")
      .find((s) => s.length > 0);
    if (first && !first.startsWith(":") && first !== "*") segments.add(first.toLowerCase());
  }
  return [...segments].sort();
}

/** Paths the Worker answers before React Router (workers/app.ts), and Cloudflare's own. */
export const WORKER_PATHS = ["images", "healthz", "cdn-cgi", "favicon.svg", "assets"];

/** Why a display name cannot be used, or null. `reserved` is every top-level route segment. */
export function reservedDisplayName(displayName: string, reserved: readonly string[]): string | null {
  const name = displayName.trim().toLowerCase();
  if (PRODUCT_TYPE_NAMES.includes(name) || reserved.includes(name) || WORKER_PATHS.includes(name)) {
    return `"${displayName.trim()}" is reserved by Closetloop. Please choose another display name.`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Security

export const PASSWORD_MESSAGES = {
  currentRequired: "Current password is required",
  currentWrong: "Current password is incorrect",
  newRequired: "New password is required",
  tooShort: "Password must be at least 6 characters",
  tooLong: "Password must be at most 200 characters",
  confirmRequired: "Please confirm your password",
  mismatch: "Passwords do not match",
  /** The toast a mismatch also shows on submit (§5). */
  mismatchToast: "New passwords do not match",
  sameAsCurrent: "Your new password must be different from your current one",
} as const;

// ---------------------------------------------------------------------------------------------
// Orders

/**
 * Account badges (seller-store-admin.md §4): pending yellow, processing blue, completed green,
 * cancelled red, others grey; as the badge's variants (components/kit/badge.tsx) name them.
 */
export function accountStatusVariant(status: string): "pending" | "processing" | "done" | "refused" | "neutral" {
  switch (status) {
    case "awaiting_payment":
    case "pending":
      return "pending";
    case "processing":
      return "processing";
    case "completed":
      return "done";
    case "cancelled":
      return "refused";
    default:
      return "neutral";
  }
}

/** Statuses that end an item's life: anything else is in flight. */
export const FINISHED_ITEM_STATUSES = ["completed", "returned", "cancelled"] as const satisfies readonly ItemStatus[];
export const ACTIVE_ORDER_STATUSES = ["pending", "processing"] as const satisfies readonly OrderStatus[];

/** A shopper reviews what they received and kept or returned: one review per order item. */
export const reviewable = (status: ItemStatus) => status === "completed" || status === "returned";

export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_MESSAGES = {
  rating: "Please choose a rating from 1 to 5",
  commentTooLong: "Comment must be at most 2,000 characters",
  twice: "You have already reviewed this item",
  notYet: "You can review an item once it has been delivered",
} as const;

// ---------------------------------------------------------------------------------------------
// Data privacy

/** closetloop-data-YYYY-MM-DD.json (§9: the product's prefix and the date). */
export function exportFileName(now: number) {
  return `closetloop-data-${new Date(now).toISOString().slice(0, 10)}.json`;
}

export const PRIVACY_CONTACT = "privacy@closetloop.co.uk";

/** The data_subject_rights block of the export (§3). */
export const DATA_SUBJECT_RIGHTS = {
  access: "This file is a copy of the personal data Closetloop holds about you (UK GDPR Article 15).",
  portability:
    "It is in JSON, a structured, commonly used and machine-readable format, so you can take it to another service (Article 20).",
  rectification:
    "You can correct your name, display name, e-mail address and picture on your account page at any time (Article 16).",
  erasure:
    "You can delete your account from your account page. Financial records of sales are kept for six years without anything that identifies you (Article 17).",
  contact: PRIVACY_CONTACT,
} as const;

export const DELETE_MESSAGES = {
  inFlight:
    "Your account cannot be deleted while you have orders in progress (waiting for payment, pending, processing, shipped, delivered or an active rental). Please wait until they are completed (an order that has not been posted can be cancelled from its page in My Orders; one not paid ends by itself within 30 minutes), then try again.",
  sellingInFlight:
    "Your account cannot be deleted while items you sell are in orders that are not finished. Please wait until they are completed or cancelled, then try again.",
  passwordRequired: "Please enter your password to confirm",
  passwordWrong: "Password is incorrect",
} as const;
