import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { forgetRates, saveRates } from "../../app/data/rates.server";
import { forgetPages } from "../../app/services/page-cache.server";
import { LOCAL_RATES } from "../../app/services/rates.server";
import { signedInBrowser } from "./actors";
import { unpaidOrder } from "./checkout-payments-helpers";
import { as, block, cookieOf, get, sharedParts } from "./personal-page-helpers";

// The two places decision 0095 left in UK time (decision 0098): the product page's 'Reserved for
// you … until' box, a personal part stitched into the shared page, in its holder's own zone; and
// the staff rates page's time, in the staff member's zone, named. The Worker as deployed (page cache on).

const clock = (ms: number, zone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(ms);
const PARIS = "closetloop_tz=Europe%2FParis";
const heldUntil = (time: string) =>
  `Reserved for you: your checkout holds this item until ${time}, waiting for your payment.`;

beforeEach(() => forgetPages());

describe("the reserved box of a shopper in Paris", () => {
  it("says until when in Paris time, stitched into the shared page, and the shared copy never carries it", async () => {
    const { product, buyer, placed, order } = await unpaidOrder();
    buyer.browser.cookies.set("closetloop_tz", "Europe%2FParis");
    const path = `/product/${product.id}`;
    const inParis = heldUntil(`${clock(order.expiresAt, "Europe/Paris")} (Paris time)`);

    // Her request renders the shared page (anonymously, kept for everyone) and stitches her box in.
    const hers = await as(buyer.browser, path);
    expect(hers.state).toBe("stitched-miss");
    expect(hers.text).toContain(inParis);
    expect(block(hers.text).held).toEqual({
      // Its line written on the server, in her zone: the page's code carries no date rules (decision 0130).
      [product.id]: { orderId: placed.orderId, until: order.expiresAt, zone: "Europe/Paris", text: inParis },
    });

    // The copy her request kept, as an anonymous visitor gets it, also one whose browser is in Paris.
    for (const cookie of ["", PARIS]) {
      const anonymous = await get(path, cookie ? { cookie } : {});
      expect(anonymous.state, cookie).toBe("memory");
      for (const personal of ["Paris time", "Europe/Paris", "Reserved for you", placed.orderId])
        expect(anonymous.text, `${cookie}: ${personal}`).not.toContain(personal);
      expect(anonymous.text).toContain("Reserved: another shopper is paying for it now.");
      expect(sharedParts(anonymous.text)).toBe(sharedParts((await get(path)).text));
    }

    // Rendered for her (a toast to show) and her client-side navigation's data: Paris time too.
    const rendered = await get(path, { cookie: `${cookieOf(buyer.browser)}; cl_toast=x` });
    // Not a stitched page: rendered for her by the product loader.
    expect(rendered.state).toBeNull();
    expect(rendered.text).toContain(inParis);
    const data = await (await buyer.browser.fetch(`${path}.data`)).text();
    expect(data).toContain("Europe/Paris");
  });

  it("reads the UK's clock, unnamed, for a browser that says nothing", async () => {
    const { product, buyer, order } = await unpaidOrder();
    const page = await as(buyer.browser, `/product/${product.id}`);
    const inLondon = clock(order.expiresAt, "Europe/London");
    expect(page.text).toContain(heldUntil(inLondon));
    // Her own box is unnamed; only the shared page's line for everyone else names the UK (decision 0102).
    expect(page.text).not.toContain(`until ${inLondon} (UK time)`);
  });
});

describe("the staff rates page", () => {
  it("says when the rates were saved in the staff member's zone, named", async () => {
    // Sunday 29 November 2026, 23:30 UTC: already Monday 30 in Paris.
    const savedAt = Date.UTC(2026, 10, 29, 23, 30);
    await saveRates(database(env.DB), { date: "2026-11-27", perPound: LOCAL_RATES }, "ecb", savedAt);
    forgetRates();
    const admin = await signedInBrowser("admin");
    const inLondon = await (await admin.browser.fetch("/admin/rates")).text();
    expect(inLondon).toContain("saved 29 Nov at 23:30 (UK time).");
    admin.browser.cookies.set("closetloop_tz", "Europe%2FParis");
    const inParis = await (await admin.browser.fetch("/admin/rates")).text();
    expect(inParis).toContain("saved 30 Nov at 00:30 (Paris time).");
    // The rates' own day is the ECB's calendar day, the same for every reader.
    expect(inParis).toContain("Rates of 27 November 2026");
    admin.browser.cookies.set("closetloop_tz", "America%2FNew_York");
    expect(await (await admin.browser.fetch("/admin/rates")).text()).toContain(
      "saved 29 Nov at 18:30 (New York time).",
    );
  });
});
