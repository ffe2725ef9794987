import { roleFlags, type RoleRecord } from "./roles";
import { ADDRESS_FIELDS } from "./address-parts";

// Start selling (issue 27 item 7; decision 0057). Any verified, active person can become a
// seller from their account: they accept the seller terms (a content page), choose the display
// name their shop is known by and give the return address their items come back to. A site
// setting decides whether that makes them a seller at once ('open', the default; each listing is
// still reviewed) or sends a request staff approve or decline ('approval'). Pure: no storage.

export const SELLER_SIGNUP_MODES = ["open", "approval"] as const;
export type SellerSignupMode = (typeof SELLER_SIGNUP_MODES)[number];
export const SELLER_SIGNUP_LABELS: Record<SellerSignupMode, string> = {
  open: "Open: anyone verified can sell at once (listings are still reviewed)",
  approval: "By approval: staff approve each new seller",
};
/** The site setting's key (site_content, site_settings). */
export const SELLER_SIGNUP_KEY = "seller_signup";
/** The content page with the seller terms (/pages/seller_terms). */
export const SELLER_TERMS_PAGE = "seller_terms";

export const isSignupMode = (value: unknown): value is SellerSignupMode =>
  typeof value === "string" && (SELLER_SIGNUP_MODES as readonly string[]).includes(value);
/** What is stored, read safely: anything but 'approval' is open (the default). */
export const signupMode = (stored: string | null | undefined): SellerSignupMode =>
  stored === "approval" ? "approval" : "open";

/** The return address's fields (issue 22): where a seller's items come back to. */
export const RETURN_FIELDS = ADDRESS_FIELDS;

export const SELLING_MESSAGES = {
  termsRequired: "Please accept the seller terms to start selling",
  unverified: "Please verify your email address before you start selling.",
  deactivated: "This account is deactivated.",
  alreadySelling: "You can already sell on Closetloop.",
  staffAccount: "Staff accounts cannot start selling from here: ask a superadmin for vendor access.",
  pending: "Your request to sell is waiting for review. We will e-mail you the answer.",
  started: "You can now sell on Closetloop",
  startedDescription: "List your first item: our team reviews it before it goes on sale.",
  requested: "Request sent",
  requestedDescription:
    "Our team reviews requests to sell, usually within two working days. We will e-mail you the answer.",
  failed: "Could not start selling",
  approved: "Seller approved",
  declined: "Request declined",
  notFound: "This request to sell no longer waits for review.",
} as const;

export type SellerRequestStatus = "pending" | "approved" | "declined";

export interface SellingCandidate {
  emailVerifiedAt: number | null;
  deactivatedAt: number | null;
  roles: RoleRecord | null;
  request: { status: SellerRequestStatus } | null;
}

export type SellingCheck = { ok: true } | { ok: false; status: 403 | 409; message: string };

/** May this person start selling (or ask to)? A store owner may also sell as themselves. */
export function maySellCheck(person: SellingCandidate, mode: SellerSignupMode): SellingCheck {
  if (person.deactivatedAt !== null) return { ok: false, status: 403, message: SELLING_MESSAGES.deactivated };
  if (person.emailVerifiedAt === null) return { ok: false, status: 403, message: SELLING_MESSAGES.unverified };
  if (roleFlags(person.roles).isVendor) return { ok: false, status: 409, message: SELLING_MESSAGES.alreadySelling };
  if (person.roles?.role === "admin" || person.roles?.role === "team_member")
    return { ok: false, status: 409, message: SELLING_MESSAGES.staffAccount };
  if (mode === "approval" && person.request?.status === "pending")
    return { ok: false, status: 409, message: SELLING_MESSAGES.pending };
  return { ok: true };
}

/** The role record of a new seller: vendor access, a store owner keeping their store. */
export function sellerRoles(current: RoleRecord | null): RoleRecord {
  return { role: "individual", adminSubrole: null, sellerRole: roleFlags(current).isStore ? "store" : "vendor" };
}
