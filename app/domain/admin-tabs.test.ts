import { describe, expect, it } from "vitest";
import {
  ACCESS_DENIED,
  ADMIN_TABS,
  adminLanding,
  dashboardTitle,
  mayEnterAdmin,
  mayOpenTab,
  ROLES_ACCESS_DENIED,
  TAB_ACCESS_DENIED,
  tabsFor,
} from "./admin-tabs";
import { roleFlags, type AdminSubrole, type RoleRecord } from "./roles";

const staff = (adminSubrole: AdminSubrole): RoleRecord => ({ role: "team_member", adminSubrole, sellerRole: null });
const flags = (record: RoleRecord | null) => roleFlags(record);

// seller-store-admin.md §6, written out: which of the nine tabs each sub-role sees, plus issue
// 26's Reported messages for the staff who answer people (decision 0053), and issue 43's Claims
// for the same staff (decision 0078), and issue 45's Exchange rates for them too (decision 0085).
const SECTION_6: Record<AdminSubrole, string[]> = {
  superadmin: [
    "Orders",
    "Products",
    "Stores",
    "Brands",
    "Brand Review",
    "Content",
    "Users",
    "Roles",
    "Financial",
    "Reported messages",
    "Claims",
    "Exchange rates",
  ],
  admin: [
    "Orders",
    "Products",
    "Stores",
    "Brands",
    "Brand Review",
    "Content",
    "Users",
    "Reported messages",
    "Claims",
    "Exchange rates",
  ],
  product_reviewer: ["Products"],
  customer_support: ["Orders", "Reported messages", "Claims", "Exchange rates"],
};

describe("the admin tab registry", () => {
  it("lists the nine tabs of §2 in order, each a URL under /admin", () => {
    expect(ADMIN_TABS.map((t) => t.label)).toEqual(SECTION_6.superadmin);
    for (const tab of ADMIN_TABS) expect(tab.href).toBe(`/admin/${tab.id}`);
  });

  it.each(Object.entries(SECTION_6))("%s may open exactly its §6 tabs, built or not", (subrole, labels) => {
    const user = flags(staff(subrole as AdminSubrole));
    expect(ADMIN_TABS.filter((t) => mayOpenTab(user, t.id)).map((t) => t.label)).toEqual(labels);
  });

  it("shows every tab in the strip now that all nine are built", () => {
    expect(ADMIN_TABS.every((t) => t.built)).toBe(true);
    expect(tabsFor(flags(staff("superadmin"))).map((t) => t.label)).toEqual(SECTION_6.superadmin);
    expect(tabsFor(flags(staff("admin"))).map((t) => t.label)).toEqual(SECTION_6.admin);
    expect(tabsFor(flags(staff("product_reviewer"))).map((t) => t.label)).toEqual(["Products"]);
    expect(tabsFor(flags(staff("customer_support"))).map((t) => t.label)).toEqual([
      "Orders",
      "Reported messages",
      "Claims",
      "Exchange rates",
    ]);
  });

  it("denies everyone else: shoppers, sellers, stores, a team member or admin role without a sub-role", () => {
    const others: (RoleRecord | null)[] = [
      null,
      { role: "individual", adminSubrole: null, sellerRole: "vendor" },
      { role: "store", adminSubrole: null, sellerRole: "store" },
      { role: "team_member", adminSubrole: null, sellerRole: null },
      { role: "admin", adminSubrole: null, sellerRole: null },
      { role: "individual", adminSubrole: "superadmin", sellerRole: null },
    ];
    for (const record of others) {
      expect(mayEnterAdmin(flags(record))).toBe(false);
      expect(adminLanding(flags(record), null)).toBeNull();
    }
  });

  it("sends /admin to the first tab, and /admin?tab=X to X only when the user may see it", () => {
    expect(adminLanding(flags(staff("superadmin")), null)).toBe("/admin/orders");
    expect(adminLanding(flags(staff("superadmin")), "financial")).toBe("/admin/financial");
    expect(adminLanding(flags(staff("admin")), "financial")).toBe("/admin/orders");
    expect(adminLanding(flags(staff("product_reviewer")), null)).toBe("/admin/products");
    expect(adminLanding(flags(staff("product_reviewer")), "orders")).toBe("/admin/products");
    expect(adminLanding(flags(staff("customer_support")), "users")).toBe("/admin/orders");
    expect(adminLanding(flags(staff("admin")), "brands")).toBe("/admin/brands");
    expect(adminLanding(flags(staff("product_reviewer")), "content")).toBe("/admin/products");
  });

  it("tells non-superadmins the Roles tab's own message, other staff that their role does not include a tab, and non-staff that the dashboard is not theirs", () => {
    expect(ADMIN_TABS.find((t) => t.id === "roles")!.denied).toBe(
      "Access Denied - Only superadmins can manage admin roles and permissions.",
    );
    expect(ROLES_ACCESS_DENIED).toBe("Access Denied - Only superadmins can manage admin roles and permissions.");
    expect(ACCESS_DENIED).toBe("Access Denied - You don't have permission to access the admin dashboard.");
    expect(ADMIN_TABS.filter((t) => t.id !== "roles").every((t) => t.denied === TAB_ACCESS_DENIED)).toBe(true);
    expect(TAB_ACCESS_DENIED).toBe("Access Denied - Your role on the team does not include this tab.");
  });

  it("labels customer support's dashboard as its own view", () => {
    expect(dashboardTitle(flags(staff("customer_support")))).toBe("Admin Dashboard - Customer Support View");
    expect(dashboardTitle(flags(staff("admin")))).toBe("Admin Dashboard");
  });
});
