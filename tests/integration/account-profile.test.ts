import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD } from "./actors";
import { createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { bigPng, png, renamedText, svg } from "./images";
import {
  signedInBrowser,
  page,
  follow,
  userRow,
  pagesVersion,
  unique,
  profileForm,
  nextIpSeq,
} from "./account-fixtures";

// Account management (issue 13; seller-store-admin.md §2, §5, §8): the Profile, Profile picture
// and Security forms on /account, what each does, through the Worker's own fetch.

describe("Profile", () => {
  it("saves the names, says 'Profile updated', and refreshes the public pages", async () => {
    const user = await signedInBrowser("vendor");
    const before = await pagesVersion();
    const displayName = `Vera${unique()}`;
    const response = await user.browser.post(
      "/account?tab=profile",
      profileForm({ fullName: "Vera Vintage", displayName, email: user.email }),
    );
    expect(response.headers.get("location")).toBe("/account?tab=profile");
    const next = await follow(user.browser, response);
    expect(next.html).toContain("Profile updated");
    expect(next.html).toContain(`value="${displayName}"`);
    expect(await userRow(user.id)).toMatchObject({
      full_name: "Vera Vintage",
      display_name: displayName,
      email: user.email,
    });
    expect(await pagesVersion()).not.toBe(before);
    expect((await page(new Browser(), `/${displayName.toLowerCase()}`)).html).toContain(displayName);
  });

  it.each([
    ["an empty full name", { fullName: "" }, "Full name is required"],
    ["a 5,000-character name", { fullName: "x".repeat(5000) }, "Full name must be at most 120 characters"],
    ["an empty display name", { displayName: "" }, "Display name is required"],
    ["an empty e-mail", { email: "" }, "Email is required"],
    ["a malformed e-mail", { email: "not-an-email" }, "Invalid email address"],
    [
      "a product type",
      { displayName: "women" },
      "&quot;women&quot; is reserved by Closetloop. Please choose another display name.",
    ],
    ["a product type in capitals", { displayName: "Unisex" }, "&quot;Unisex&quot; is reserved"],
    ["the admin area", { displayName: "admin" }, "&quot;admin&quot; is reserved"],
    ["a content page", { displayName: "Cookie-Policy" }, "&quot;Cookie-Policy&quot; is reserved"],
    ["the upload endpoint", { displayName: "uploads" }, "&quot;uploads&quot; is reserved"],
    ["the image endpoint", { displayName: "images" }, "&quot;images&quot; is reserved"],
    [
      "a path with a slash",
      { displayName: "a/b" },
      "Display name can use letters, numbers, spaces, hyphens and underscores",
    ],
  ])("refuses %s with a clear message at the field, and writes nothing", async (_label, fields, message) => {
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=profile", profileForm({ email: user.email, ...fields }));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain('aria-invalid="true"');
    expect(await databaseFingerprint()).toBe(before);
  });

  it("refuses a display name someone else has, whatever its case", async () => {
    const other = await createUser({ displayName: `Taken${unique()}` });
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const taken = await user.browser.post(
      "/account?tab=profile",
      profileForm({ email: user.email, displayName: other.displayName.toUpperCase() }),
    );
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("This display name is already taken. Please choose another.");
    expect(await databaseFingerprint()).toBe(before);
  });

  it("answers an e-mail used by another account as any other: its owner is told instead, nothing changes (decision 0017)", async () => {
    const other = await createUser();
    const user = await signedInBrowser("shopper");
    const next = await follow(
      user.browser,
      await user.browser.post("/account?tab=profile", profileForm({ email: other.email.toUpperCase() })),
    );
    expect(next.html).toContain(`We sent a link to ${other.email}`);
    const told = await eventually(() =>
      env.DB.prepare("SELECT subject, body FROM notification_outbox WHERE recipient = ? AND kind = 'account_exists'")
        .bind(other.email)
        .first<{ subject: string; body: string }>(),
    );
    expect(told.subject).toBe("Someone asked to use your e-mail address on Closetloop");
    expect(told.body).not.toContain("/auth/verify");
    await eventually(() =>
      env.DB.prepare("SELECT 1 FROM notification_outbox WHERE recipient = ? AND kind = 'email_change_requested'")
        .bind(user.email)
        .first(),
    );
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM notification_outbox WHERE recipient = ? AND kind = 'confirm_email_change'",
      )
        .bind(other.email)
        .first(),
    ).toEqual({ n: 0 });
    expect((await userRow(user.id))!.email).toBe(user.email);
  });

  it("takes five e-mail changes an hour from one account, then says how long to wait", async () => {
    const user = await signedInBrowser("shopper");
    for (let i = 0; i < 5; i++)
      expect(
        (await user.browser.post("/account?tab=profile", profileForm({ email: `many-${i}-${unique()}@example.test` })))
          .status,
      ).toBe(302);
    const refused = await user.browser.post(
      "/account?tab=profile",
      profileForm({ email: `many-6-${unique()}@example.test` }),
    );
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Too many attempts\. Please try again in (a minute|\d+ minutes)\./);
  });

  it("changes the e-mail only once the new address is confirmed from its link; the old address is told", async () => {
    const user = await signedInBrowser("shopper");
    const newEmail = `new-${unique()}@example.test`;
    const response = await user.browser.post("/account?tab=profile", profileForm({ email: newEmail }));
    const next = await follow(user.browser, response);
    expect(next.html).toContain("Profile updated");
    expect(next.html).toContain(`We sent a link to ${newEmail}`);
    expect(next.html).toContain(`Waiting for confirmation: we sent a link to ${newEmail}`);
    expect((await userRow(user.id))!.email).toBe(user.email);

    const confirm = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'confirm_email_change'")
        .bind(newEmail)
        .first<{ body: string }>(),
    );
    const notice = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'email_change_requested'")
        .bind(user.email)
        .first<{ body: string }>(),
    );
    expect(notice.body).toContain(newEmail);
    const link = /http:\/\/localhost(\/auth\/verify\?token=[\w-]+)/.exec(confirm.body)![1]!;

    const opened = await user.browser.fetch(link);
    expect(opened.headers.get("location")).toBe("/account?tab=profile");
    expect((await follow(user.browser, opened)).html).toContain("Email updated");
    expect((await userRow(user.id))!.email).toBe(newEmail);
    // The link works once; the new address signs in.
    expect(await (await user.browser.fetch(link)).text()).toContain("This link has expired or was already used");
    await new Browser(`10.78.0.${nextIpSeq() % 250}`).signIn(newEmail, PASSWORD);
  });

  it("saving the current address again calls off a change waiting for its link", async () => {
    const user = await signedInBrowser("shopper");
    const newEmail = `later-${unique()}@example.test`;
    await user.browser.post("/account?tab=profile", profileForm({ email: newEmail }));
    const confirm = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ?")
        .bind(newEmail)
        .first<{ body: string }>(),
    );
    const next = await follow(
      user.browser,
      await user.browser.post("/account?tab=profile", profileForm({ email: user.email })),
    );
    expect(next.html).not.toContain("Waiting for confirmation");
    const link = /http:\/\/localhost(\/auth\/verify\?token=[\w-]+)/.exec(confirm.body)![1]!;
    expect(await (await new Browser(`10.78.2.${nextIpSeq() % 250}`).fetch(link)).text()).toContain(
      "This link has expired or was already used",
    );
    expect((await userRow(user.id))!.email).toBe(user.email);
  });

  it("a newer e-mail change retires the older link, and an address taken meanwhile is refused", async () => {
    const user = await signedInBrowser("shopper");
    const first = `first-${unique()}@example.test`;
    const second = `second-${unique()}@example.test`;
    await user.browser.post("/account?tab=profile", profileForm({ email: first }));
    const firstBody = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ?").bind(first).first<{ body: string }>(),
    );
    await user.browser.post("/account?tab=profile", profileForm({ email: second }));
    const secondBody = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ?").bind(second).first<{ body: string }>(),
    );
    const linkOf = (body: string) => /http:\/\/localhost(\/auth\/verify\?token=[\w-]+)/.exec(body)![1]!;
    expect(await (await new Browser().fetch(linkOf(firstBody.body))).text()).toContain(
      "This link has expired or was already used",
    );
    await createUser({ email: second });
    expect(await (await new Browser().fetch(linkOf(secondBody.body))).text()).toContain(
      "This e-mail address is already used by another account",
    );
    expect((await userRow(user.id))!.email).toBe(user.email);
  });
});

describe("Profile picture", () => {
  it("is stored at avatars/{userId}/{timestamp}.{ext}; a new one replaces the old object; the vendor page shows it", async () => {
    const user = await signedInBrowser("vendor");
    const displayName = `Pic${unique()}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(displayName, user.id).run();
    const response = await user.browser.post("/account?tab=profile", { intent: "avatar", avatar: png("me.png") });
    expect(response.headers.get("location")).toBe("/account?tab=profile");
    expect((await follow(user.browser, response)).html).toContain("Profile image updated");
    const first = (await userRow(user.id))!.avatar_url!;
    expect(first).toMatch(new RegExp(`^/images/avatars/${user.id}/\\d+\\.png$`));
    expect(await env.IMAGES.head(first.slice("/images/".length))).not.toBeNull();
    expect((await page(new Browser(), `/${displayName}`)).html).toContain(first);

    await new Promise((r) => setTimeout(r, 5));
    await user.browser.post("/account?tab=profile", { intent: "avatar", avatar: png("again.png") });
    const second = (await userRow(user.id))!.avatar_url!;
    expect(second).not.toBe(first);
    expect(await env.IMAGES.head(second.slice("/images/".length))).not.toBeNull();
    expect(await env.IMAGES.head(first.slice("/images/".length))).toBeNull();
  });

  it.each([
    ["an SVG", () => svg("me.svg"), "Invalid file type: Please select an image file."],
    ["a text file renamed .jpg", () => renamedText("me.jpg"), "Invalid file type: Please select an image file."],
    [
      "a file over 5 MB",
      () => bigPng(5 * 1024 * 1024 + 1, "big.png"),
      "File too large: Please select a file smaller than 5MB.",
    ],
  ])("refuses %s with the spec's message and stores nothing", async (_label, make, message) => {
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=profile", { intent: "avatar", avatar: make() });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("Security", () => {
  const passwordForm = (fields: Record<string, string>) => ({
    intent: "password",
    currentPassword: PASSWORD,
    newPassword: "brand-new-secret",
    confirmPassword: "brand-new-secret",
    ...fields,
  });

  it.each([
    ["no current password", { currentPassword: "" }, 400, "Current password is required"],
    ["a wrong current password", { currentPassword: "wrong-password" }, 400, "Current password is incorrect"],
    ["no new password", { newPassword: "", confirmPassword: "" }, 400, "New password is required"],
    [
      "a short new password",
      { newPassword: "abc", confirmPassword: "abc" },
      400,
      "Password must be at least 6 characters",
    ],
    ["no confirmation", { confirmPassword: "" }, 400, "Please confirm your password"],
  ])("refuses %s with the spec's message and changes nothing", async (_label, fields, status, message) => {
    const user = await signedInBrowser("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=security", passwordForm(fields));
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("a mismatch shows 'Passwords do not match' at the field and the 'New passwords do not match' toast", async () => {
    const user = await signedInBrowser("shopper");
    const response = await user.browser.post(
      "/account?tab=security",
      passwordForm({ confirmPassword: "something-else" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Passwords do not match");
    expect(html).toContain("New passwords do not match");
  });

  it("changes the password, keeps this session, ends every other one; the old password no longer signs in", async () => {
    const user = await signedInBrowser("shopper");
    const elsewhere = new Browser(`10.78.1.${nextIpSeq() % 250}`);
    await elsewhere.signIn(user.email, PASSWORD);
    expect((await elsewhere.fetch("/account")).status).toBe(200);

    const before = Date.now();
    const response = await user.browser.post("/account?tab=security", passwordForm({}));
    expect(response.headers.get("location")).toBe("/account?tab=security");
    // Other isolates that remember a session of theirs read KV again at its next page (decision 0143).
    const ended = await env.DB.prepare("SELECT sessions_ended_at AS at FROM users WHERE id = ?").bind(user.id).first();
    expect(ended?.at).toBeGreaterThanOrEqual(before);
    expect((await follow(user.browser, response)).html).toContain("Password updated");
    expect((await user.browser.fetch("/account")).status).toBe(200);
    expect((await elsewhere.fetch("/account")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    await expect(new Browser(`10.78.0.${nextIpSeq() % 250}`).signIn(user.email, PASSWORD)).rejects.toThrow(/401/);
    await new Browser(`10.78.0.${nextIpSeq() % 250}`).signIn(user.email, "brand-new-secret");
  });
});
