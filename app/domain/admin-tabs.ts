import type { AdminSubrole, RoleFlags } from "./roles";

// The admin dashboard's tabs, in one place (seller-store-admin.md §2 and §6; decision 0031):
// each tab's id, label, URL, which staff sub-roles see it and what the others are told. The
// shell draws its tab strip from this list, /admin sends each user to the first tab they may
// see, and every tab route's loader and action begin with requireAdminTab(), which refuses (403) a
// sub-role that is not listed, for its page and its actions alike. A tab that is not built yet
// stays out of the strip until its route module lands (under the shell layout in app/routes.ts)
// and flips `built`.

export const ACCESS_DENIED = "Access Denied - You don't have permission to access the admin dashboard.";
/** A member of staff on a tab their sub-role does not include (§6): they are in the dashboard, just not this tab. */
export const TAB_ACCESS_DENIED = "Access Denied - Your role on the team does not include this tab.";
export const ROLES_ACCESS_DENIED = "Access Denied - Only superadmins can manage admin roles and permissions.";

export interface AdminTab {
  id: string;
  label: string;
  href: string;
  /** The staff sub-roles that see the tab (§6). */
  subroles: readonly AdminSubrole[];
  /** What a staff member outside `subroles` is told, with a 403. */
  denied: string;
  /** False until the tab's route module exists: not shown, not a redirect target. */
  built: boolean;
}

const EVERY_ADMIN = ["superadmin", "admin"] as const;

export const ADMIN_TABS = [
  {
    id: "orders",
    label: "Orders",
    href: "/admin/orders",
    subroles: [...EVERY_ADMIN, "customer_support"],
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  {
    id: "products",
    label: "Products",
    href: "/admin/products",
    subroles: [...EVERY_ADMIN, "product_reviewer"],
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  {
    id: "stores",
    label: "Stores",
    href: "/admin/stores",
    subroles: EVERY_ADMIN,
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  {
    id: "brands",
    label: "Brands",
    href: "/admin/brands",
    subroles: EVERY_ADMIN,
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  {
    id: "brand-review",
    label: "Brand Review",
    href: "/admin/brand-review",
    subroles: EVERY_ADMIN,
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  {
    id: "content",
    label: "Content",
    href: "/admin/content",
    subroles: EVERY_ADMIN,
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  { id: "users", label: "Users", href: "/admin/users", subroles: EVERY_ADMIN, denied: TAB_ACCESS_DENIED, built: true },
  {
    id: "roles",
    label: "Roles",
    href: "/admin/roles",
    subroles: ["superadmin"],
    denied: ROLES_ACCESS_DENIED,
    built: true,
  },
  {
    id: "financial",
    label: "Financial",
    href: "/admin/financial",
    subroles: ["superadmin"],
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  // Reported conversations (issue 26): staff who answer people read them and act.
  {
    id: "messages",
    label: "Reported messages",
    href: "/admin/messages",
    subroles: [...EVERY_ADMIN, "customer_support"],
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  // Buyer protection (issue 43): claims that came to staff, decided by customer support and admins.
  {
    id: "claims",
    label: "Claims",
    href: "/admin/claims",
    subroles: [...EVERY_ADMIN, "customer_support"],
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
  // Display currency (issue 45): the rates prices are shown at and their day; read-only.
  {
    id: "rates",
    label: "Exchange rates",
    href: "/admin/rates",
    subroles: [...EVERY_ADMIN, "customer_support"],
    denied: TAB_ACCESS_DENIED,
    built: true,
  },
] as const satisfies readonly AdminTab[];

export type AdminTabId = (typeof ADMIN_TABS)[number]["id"];

export const adminTab = (id: AdminTabId): AdminTab => ADMIN_TABS.find((t) => t.id === id)!;

/** The user's staff sub-role, or null when they have none (a shopper, a seller, or a role without one). */
export function staffSubrole(flags: RoleFlags): AdminSubrole | null {
  if (flags.isSuperAdmin) return "superadmin";
  if (flags.isAdminRole) return "admin";
  if (flags.isProductReviewer) return "product_reviewer";
  if (flags.isCustomerSupport) return "customer_support";
  return null;
}

/** May this user open the tab (its page and its actions)? Built or not: the rule is the rule. */
export function mayOpenTab(flags: RoleFlags, id: AdminTabId) {
  const subrole = staffSubrole(flags);
  return subrole !== null && (adminTab(id).subroles as readonly AdminSubrole[]).includes(subrole);
}

/** The tabs this user's strip shows, in §2's order: only built ones. */
export function tabsFor(flags: RoleFlags): AdminTab[] {
  return ADMIN_TABS.filter((tab) => tab.built && mayOpenTab(flags, tab.id));
}

/** Staff with at least one tab may enter /admin; everyone else is denied (§6: "others: denied"). */
export const mayEnterAdmin = (flags: RoleFlags) => tabsFor(flags).length > 0;

/**
 * Where /admin (or /admin?tab=X, the spec's link shape) sends this user: the named tab when they
 * may see it, else their first tab; null when they have none.
 */
export function adminLanding(flags: RoleFlags, asked: string | null): string | null {
  const tabs = tabsFor(flags);
  return (tabs.find((t) => t.id === asked) ?? tabs[0])?.href ?? null;
}

/** Customer support's dashboard is labelled as its own view (§6). */
export function dashboardTitle(flags: RoleFlags) {
  return staffSubrole(flags) === "customer_support" ? "Admin Dashboard - Customer Support View" : "Admin Dashboard";
}
