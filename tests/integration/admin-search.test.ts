import { describe, expect, it, vi } from "vitest";
import { SEARCH_MAX, SEARCH_TOO_LONG } from "../../app/domain/admin-lists";
import type { Actor } from "./actors";
import { orderOf } from "./admin-data";
import { as } from "./admin-fixtures";
import { createProduct, createUser } from "./factories";

// Staff searches of any length (issue 41 item 4; decision 0071): D1 refuses a LIKE pattern over
// 50 bytes, so a search of 49 characters or more answered 500 on the Users, Orders and Products
// tabs. Any search up to SEARCH_MAX characters answers 200 and finds what matches; past it, 400
// with the reason at the search field.

// Each case signs four staff members in (PBKDF2): more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const TABS: { href: string; staff: Actor[]; noun: string }[] = [
  { href: "/admin/users", staff: ["superadmin", "admin"], noun: "users" },
  { href: "/admin/orders", staff: ["superadmin", "admin", "customerSupport"], noun: "orders" },
  { href: "/admin/products", staff: ["superadmin", "admin", "productReviewer"], noun: "products" },
];

const STAFF: Actor[] = ["superadmin", "admin", "productReviewer", "customerSupport"];

/** A shopper and seller with a 60-character e-mail address, with an order and a listing. */
async function longAddressPerson() {
  const local = `ottoline.featherstonehaugh-${crypto.randomUUID().slice(0, 8)}`;
  const email = `${local}@closetloop-example.co.uk`;
  expect(email).toHaveLength(60);
  const person = await createUser({ email, fullName: "Ottoline Featherstonehaugh" });
  const order = await orderOf({ shopperId: person.id });
  const product = await createProduct(person.id, { name: `Long Search Coat ${person.id}` });
  return { person, order, product };
}

const cell = (html: string) => html.replace(/<!-- -->/g, "");

describe("staff searches of any length", () => {
  it("a 60-character e-mail address finds its user, order and listing for every staff role that has the tab", async () => {
    const { person, order, product } = await longAddressPerson();
    const staff = Object.fromEntries(await Promise.all(STAFF.map(async (actor) => [actor, await as(actor)] as const)));
    const expected: Record<string, string> = {
      "/admin/users": person.email,
      "/admin/orders": order.orderId,
      "/admin/products": product.name,
    };
    for (const tab of TABS) {
      for (const actor of tab.staff) {
        const response = await staff[actor]!.browser.fetch(
          `${tab.href}?q=${encodeURIComponent(person.email.toUpperCase())}`,
        );
        expect(response.status, `${actor} on ${tab.href}`).toBe(200);
        expect(cell(await response.text()), `${actor} on ${tab.href}`).toContain(expected[tab.href]);
      }
    }
  });

  it("a search up to the limit answers 200, past it 400 with the reason at the field, for every staff role", async () => {
    const staff = Object.fromEntries(await Promise.all(STAFF.map(async (actor) => [actor, await as(actor)] as const)));
    const atLimit = `${"x".repeat(SEARCH_MAX - 13)}@example.test`;
    const pastLimit = `${"y".repeat(SEARCH_MAX - 12)}@example.test`;
    // LIKE's wildcards are text like any other: a search of 80 of them finds nothing.
    const wildcards = "%_".repeat(40);
    for (const tab of TABS) {
      for (const actor of tab.staff) {
        const at = await staff[actor]!.browser.fetch(`${tab.href}?q=${encodeURIComponent(atLimit)}`);
        expect(at.status, `${actor} on ${tab.href}`).toBe(200);
        const atHtml = await at.text();
        expect(atHtml).toContain(`No ${tab.noun} match your search.`);
        expect(atHtml).not.toContain(SEARCH_TOO_LONG);
        const wild = await staff[actor]!.browser.fetch(`${tab.href}?q=${encodeURIComponent(wildcards)}`);
        expect(wild.status).toBe(200);
        expect(await wild.text()).toContain(`No ${tab.noun} match your search.`);
        const past = await staff[actor]!.browser.fetch(`${tab.href}?q=${encodeURIComponent(pastLimit)}`);
        expect(past.status, `${actor} on ${tab.href}`).toBe(400);
        const pastHtml = await past.text();
        expect(pastHtml).toMatch(
          /<input[^>]*id="admin-search"[^>]*aria-invalid="true"[^>]*aria-describedby="admin-search-error"/,
        );
        expect(pastHtml).toContain(`<p id="admin-search-error" class="text-sm text-red-700">${SEARCH_TOO_LONG}</p>`);
        // The data request (client navigation) is refused the same way.
        const data = await staff[actor]!.browser.fetch(`${tab.href}.data?q=${encodeURIComponent(pastLimit)}`);
        expect(data.status).toBe(400);
      }
    }
  });
});
