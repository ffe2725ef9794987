import { describe, expect, it } from "vitest";
import { PASSWORD, signedIn } from "./actors";
import { Browser } from "./http";
import { linkIn, outbox } from "./auth-helpers";

// Password reset against the real Worker: a single-use link by e-mail that sets a new password and
// ends every old session, and the same answer for an address no account has. Sign-up, sign-in and
// the rest of /auth: auth.test.ts.

describe("password reset", () => {
  it("sends a single-use link, sets the new password and ends every old session", async () => {
    const user = await signedIn("shopper");
    const laptop = new Browser();
    const phone = new Browser();
    await laptop.signIn(user.email, PASSWORD);
    await phone.signIn(user.email, PASSWORD);

    const asked = await new Browser().post("/auth/forgot", { email: user.email });
    expect(asked.status).toBe(302);
    const mail = await outbox(user.email, "password_reset");
    const link = linkIn(mail.body!);
    const token = link.searchParams.get("token")!;

    const form = await new Browser().fetch(link.pathname + link.search);
    expect(await form.text()).toContain("Choose a new password");

    const short = await new Browser().post("/auth/reset", { token, password: "abc", confirmPassword: "abc" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 6 characters");

    const done = await new Browser().post("/auth/reset", {
      token,
      password: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(done.status).toBe(302);

    expect((await laptop.fetch("/account")).status).toBe(302);
    expect((await phone.fetch("/account")).status).toBe(302);
    const old = await new Browser().post("/auth", { intent: "signin", email: user.email, password: PASSWORD });
    expect(old.status).toBe(401);
    await new Browser().signIn(user.email, "brand-new-pass");

    const reused = await new Browser().post("/auth/reset", {
      token,
      password: "another-pass",
      confirmPassword: "another-pass",
    });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("expired or was already used");
  });

  it("answers the same for an unknown address", async () => {
    const response = await new Browser().post("/auth/forgot", { email: "ghost@example.test" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?tab=signin");
  });
});
