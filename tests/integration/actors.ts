import { env } from "cloudflare:workers";
import { appConfig } from "../../app/env.server";
import { hashPassword } from "../../app/services/password.server";
import { createSession } from "../../app/services/session.server";
import { Browser } from "./http";

export const PASSWORD = "correct-horse-battery";
const PEPPER = "local-development-password-pepper-000";
let hashed: Promise<{ hash: string; salt: string }> | null = null;

export type Actor =
  | "shopper"
  | "vendor"
  | "otherVendor"
  | "storeOwner"
  | "otherStoreOwner"
  | "superadmin"
  | "admin"
  | "productReviewer"
  | "customerSupport";

export const ROLES: Record<Actor, [string | null, string | null, string | null]> = {
  shopper: [null, null, null],
  vendor: ["individual", null, "vendor"],
  otherVendor: ["individual", null, "vendor"],
  storeOwner: ["store", null, "store"],
  otherStoreOwner: ["store", null, "store"],
  superadmin: ["team_member", "superadmin", null],
  admin: ["team_member", "admin", null],
  productReviewer: ["team_member", "product_reviewer", null],
  customerSupport: ["team_member", "customer_support", null],
};

export const ACTORS = Object.keys(ROLES) as Actor[];

let seq = 0;
/** A verified user with the actor's role row, signed in through the real /auth form. */
/** Every test user can sell rentals: they have a return address (issue 22). */
const RETURN_ADDRESS_JSON = JSON.stringify({
  fullName: "Test Seller",
  addressLine1: "2 Return Lane",
  city: "Leeds",
  postalCode: "LS1 4AP",
  country: "United Kingdom",
});

export async function signedIn(actor: Actor, options: { verified?: boolean; deactivated?: boolean; ip?: string } = {}) {
  hashed ??= hashPassword(PASSWORD, PEPPER);
  const { hash, salt } = await hashed;
  const id = `u_${actor}_${Date.now().toString(36)}_${++seq}`;
  const email = `${id}@example.test`.toLowerCase();
  const now = Date.now();
  const statements = [
    env.DB.prepare(
      "INSERT INTO users (id, email, full_name, return_address, password_hash, password_salt, email_verified_at, deactivated_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind(
      id,
      email,
      `Test ${actor}`,
      RETURN_ADDRESS_JSON,
      hash,
      salt,
      options.verified === false ? null : now,
      options.deactivated ? now : null,
      now,
      now,
    ),
  ];
  const [role, subrole, seller] = ROLES[actor];
  if (role) {
    statements.push(
      env.DB.prepare(
        "INSERT INTO user_roles (user_id, role, admin_subrole, seller_role, assigned_at) VALUES (?, ?, ?, ?, ?)",
      ).bind(id, role, subrole, seller, now),
    );
  }
  await env.DB.batch(statements);
  const browser = new Browser(options.ip);
  return { id, email, browser };
}

export async function signedInBrowser(actor: Actor, options: { ip?: string } = {}) {
  const user = await signedIn(actor, options);
  await user.browser.signIn(user.email, PASSWORD);
  return user;
}

/**
 * A user of the actor's kind holding a session the app's own session code made, as a sign-in
 * makes it, without the sign-in's request: for the sweeps, which act as thousands of fresh users
 * (a sign-in is a PBKDF2 check, a third of such a case's work). The sign-in itself is proven in
 * auth.test.ts and by every test that uses signedInBrowser.
 */
export async function sessionBrowser(actor: Actor, options: { ip?: string } = {}) {
  const user = await signedIn(actor, options);
  const [pair] = (await createSession({ env, config: appConfig(env) }, user.id)).split(";");
  const eq = pair!.indexOf("=");
  user.browser.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
  return user;
}
