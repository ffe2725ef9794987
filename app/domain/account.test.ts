import { describe, expect, it } from "vitest";
import routes from "../routes";
import {
  accountStatusVariant,
  exportFileName,
  reservedDisplayName,
  topLevelSegments,
  type RouteManifestEntry,
} from "./account";
import { PasswordChangeForm, ProfileForm, ReviewForm } from "./account-forms";

/** The route table as the server build's flat manifest (id, parentId, path), as React Router makes it. */
function manifestOf(
  entries: { path?: string; file: string; children?: unknown[] }[],
  parentId = "root",
  out: Record<string, RouteManifestEntry> = { root: { id: "root", path: "" } },
) {
  for (const entry of entries) {
    const id = entry.file;
    out[id] = { id, parentId, path: entry.path };
    if (entry.children) manifestOf(entry.children as typeof entries, id, out);
  }
  return out;
}

describe("reserved display names", () => {
  const reserved = topLevelSegments(manifestOf(routes as never));

  it("are every top-level segment of app/routes.ts, without the dynamic ones", () => {
    expect(reserved).toEqual(
      expect.arrayContaining([
        "account",
        "admin",
        "all-products",
        "auth",
        "cart",
        "cookie-policy",
        "dev",
        "product",
        "store",
        "uploads",
        "vendor",
        "sitemap.xml",
      ]),
    );
    expect(reserved.some((s) => s.startsWith(":") || s === "*")).toBe(false);
  });

  it.each([
    ["women", true],
    ["Children", true],
    ["ADMIN", true],
    ["Cookie-Policy", true],
    ["images", true],
    ["healthz", true],
    ["VintageVera", false],
    ["women's wear", false],
  ])("%s reserved: %s", (name, isReserved) => {
    expect(reservedDisplayName(name, reserved) !== null).toBe(isReserved);
  });

  it("follow nested paths to their first segment", () => {
    expect(
      topLevelSegments({
        root: { id: "root", path: "" },
        a: { id: "a", parentId: "root" },
        b: { id: "b", parentId: "a", path: "vendor/product/:id/edit" },
        c: { id: "c", parentId: "root", path: ":slug" },
      }),
    ).toEqual(["vendor"]);
  });
});

describe("the profile form (§5)", () => {
  const valid = { fullName: "Ada Lovelace", displayName: "Ada", email: "Ada@Example.test" };
  const messageOf = (input: Record<string, string>) => {
    const parsed = ProfileForm.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it.each([
    [{ fullName: "" }, "Full name is required"],
    [{ fullName: "x".repeat(121) }, "Full name must be at most 120 characters"],
    [{ displayName: "" }, "Display name is required"],
    [{ displayName: "x".repeat(41) }, "Display name must be at most 40 characters"],
    [
      { displayName: "-dash" },
      "Display name can use letters, numbers, spaces, hyphens and underscores, and must start with a letter or number",
    ],
    [
      { displayName: "a/b" },
      "Display name can use letters, numbers, spaces, hyphens and underscores, and must start with a letter or number",
    ],
    [{ email: "" }, "Email is required"],
    [{ email: "not-an-email" }, "Invalid email address"],
  ])("%o → %s", (change, message) => {
    expect(messageOf({ ...valid, ...change })).toBe(message);
  });

  it("trims, joins spaces in display names, lower-cases e-mail", () => {
    expect(
      ProfileForm.parse({ fullName: " Ada ", displayName: "Vera   Vintage", email: " Ada@Example.TEST " }),
    ).toEqual({ fullName: "Ada", displayName: "Vera Vintage", email: "ada@example.test" });
  });
});

describe("the password form (§5)", () => {
  const messages = (input: Record<string, string>) => {
    const parsed = PasswordChangeForm.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  it.each([
    [{ currentPassword: "", newPassword: "secret1", confirmPassword: "secret1" }, "Current password is required"],
    [{ currentPassword: "old-one", newPassword: "", confirmPassword: "" }, "New password is required"],
    [
      { currentPassword: "old-one", newPassword: "abc", confirmPassword: "abc" },
      "Password must be at least 6 characters",
    ],
    [{ currentPassword: "old-one", newPassword: "secret1", confirmPassword: "" }, "Please confirm your password"],
    [{ currentPassword: "old-one", newPassword: "secret1", confirmPassword: "secret2" }, "Passwords do not match"],
    [
      { currentPassword: "same-one", newPassword: "same-one", confirmPassword: "same-one" },
      "Your new password must be different from your current one",
    ],
  ])("%o → %s", (input, message) => {
    expect(messages(input)).toContain(message);
  });
  it("accepts 6 characters", () =>
    expect(messages({ currentPassword: "old-one", newPassword: "secret", confirmPassword: "secret" })).toEqual([]));
});

describe("the review form", () => {
  it.each(["0", "6", "2.5", "", "five"])("refuses the rating %j", (rating) => {
    const parsed = ReviewForm.safeParse({ itemId: "i", rating });
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe("Please choose a rating from 1 to 5");
  });
  it("takes 1 to 5 and a comment of up to 2,000 characters", () => {
    expect(ReviewForm.parse({ itemId: "i", rating: "5", comment: "x".repeat(2000) }).rating).toBe(5);
    expect(ReviewForm.parse({ itemId: "i", rating: "1", comment: "  " }).comment).toBeNull();
    expect(
      ReviewForm.safeParse({ itemId: "i", rating: "3", comment: "x".repeat(2001) }).error?.issues[0]?.message,
    ).toBe("Comment must be at most 2,000 characters");
  });
});

describe("account lists", () => {
  it.each([
    ["pending", "pending"],
    ["awaiting_payment", "pending"],
    ["processing", "processing"],
    ["completed", "done"],
    ["cancelled", "refused"],
    ["shipped", "neutral"],
    ["delivered", "neutral"],
    ["active", "neutral"],
  ])("a %s order's badge is %s", (status, variant) => expect(accountStatusVariant(status)).toBe(variant));

  it("names the export file with the day (UTC)", () => {
    expect(exportFileName(Date.UTC(2026, 10, 5, 23, 59))).toBe("closetloop-data-2026-11-05.json");
  });
});
