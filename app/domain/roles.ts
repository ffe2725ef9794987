// shopper.md §6 and seller-store-admin.md §6: the user flags, derived from one user_roles row.
export type Role = "admin" | "team_member" | "individual" | "store";
export type AdminSubrole = "superadmin" | "admin" | "product_reviewer" | "customer_support";
export type SellerRole = "vendor" | "store";

export interface RoleRecord {
  role: Role | null;
  adminSubrole: AdminSubrole | null;
  sellerRole: SellerRole | null;
}

export interface RoleFlags {
  isAdmin: boolean;
  isVendor: boolean;
  isStore: boolean;
  isSuperAdmin: boolean;
  isAdminRole: boolean;
  isProductReviewer: boolean;
  isCustomerSupport: boolean;
}

export function roleFlags(record: RoleRecord | null | undefined): RoleFlags {
  const role = record?.role ?? null;
  const subrole = record?.adminSubrole ?? null;
  const isAdmin = role === "admin" || (role === "team_member" && subrole !== null);
  return {
    isAdmin,
    isVendor: role === "individual" || role === "team_member",
    isStore: role === "store" || record?.sellerRole === "store",
    isSuperAdmin: isAdmin && subrole === "superadmin",
    isAdminRole: isAdmin && subrole === "admin",
    isProductReviewer: isAdmin && subrole === "product_reviewer",
    isCustomerSupport: isAdmin && subrole === "customer_support",
  };
}

/**
 * Staff who may open any product's edit page (seller-store-admin.md §6: superadmin and admin have
 * full access, the product reviewer has products; customer support has orders only).
 */
export function managesAllProducts(flags: RoleFlags) {
  return flags.isSuperAdmin || flags.isAdminRole || flags.isProductReviewer;
}

/** Staff who run the catalogue's content: brands, banners, categories, site settings, the blog. */
export function managesContent(flags: RoleFlags) {
  return flags.isSuperAdmin || flags.isAdminRole;
}

/**
 * Staff who run partner stores: superadmin and admin (full access). They may open any store's
 * dashboard (decision 0029); the product reviewer and customer support may not.
 */
export function managesStores(flags: RoleFlags) {
  return flags.isSuperAdmin || flags.isAdminRole;
}

/** Staff who handle orders: superadmin and admin (full access) and customer support (orders only). */
export function handlesOrders(flags: RoleFlags) {
  return flags.isSuperAdmin || flags.isAdminRole || flags.isCustomerSupport;
}

/** Who may send an image for each use of the upload pipeline (the route that saves it checks again). */
export function mayUpload(flags: RoleFlags, use: import("./uploads").UploadUse) {
  switch (use) {
    case "avatar":
    case "claim":
      // A claim's photos (issue 43): any signed-in party to an order; the claim's action checks whose.
      return true;
    case "product":
      return flags.isVendor || flags.isAdmin;
    case "storeLogo":
      return flags.isStore || managesStores(flags);
    default:
      return managesContent(flags);
  }
}

/** The signed-in person as every request knows them: who, and their role flags. */
export interface SessionUser extends RoleFlags {
  id: string;
  email: string;
  fullName: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  /**
   * The store they own (their first), read with their visit and kept with the session like the
   * rest: the store dashboard reads it in its one batch (decision 0121). Absent where a user is
   * made without a visit.
   */
  ownedStoreId?: string | null;
  /** The header's counts, read with the session: unread notices, and conversations with unread messages. */
  unread?: number;
  messages?: number;
}
