import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductBadges, StatusBadge } from "./badge";

// §4: pending yellow, processing blue, done green, refused red, others grey; always in words.

const badge = (props: Parameters<typeof StatusBadge>[0]) => renderToString(h(StatusBadge, props));

describe("StatusBadge", () => {
  it("shows each status in its variant's colour, and in words", () => {
    const shown: Record<string, [colour: string, words: string]> = {
      pending: ["bg-amber-100", "pending"],
      processing: ["bg-sky-100", "processing"],
      return_requested: ["bg-amber-100", "return requested"],
      delivered: ["bg-emerald-100", "delivered"],
      rejected: ["bg-red-100", "rejected"],
      something_new: ["bg-stone-200", "something new"],
    };
    for (const [status, [colour, words]] of Object.entries(shown)) {
      const html = badge({ status });
      expect(html, status).toContain(colour);
      expect(html, status).toMatch(new RegExp(`">${words}</span>$`));
    }
  });

  it("takes a label and a variant of its own", () => {
    const html = badge({ status: "popular", label: "Popular", variant: "done" });
    expect(html).toContain("bg-emerald-100");
    expect(html).toContain(">Popular<");
  });
});

describe("ProductBadges", () => {
  it("labels the review, the listing and the concierge request, and says why a product was rejected", () => {
    const html = renderToString(
      h(ProductBadges, {
        status: "rejected",
        productStatus: "draft",
        conciergeStatus: "pending",
        rejectionReason: "Blurry photos",
      }),
    ).replace(/<!-- -->/g, "");
    for (const text of [">Review: rejected<", ">Listing: draft<", ">Concierge: pending<", ">Reason: Blurry photos<"])
      expect(html).toContain(text);
  });

  it("names the store's answer where the status is the store's: accepted and waiting for our team, or declined", () => {
    const text = (props: Parameters<typeof ProductBadges>[0]) =>
      renderToString(h(ProductBadges, props)).replace(/<!-- -->/g, "");
    const accepted = text({ status: "approved", productStatus: "pending", conciergeStatus: "yes" });
    for (const label of [">Store: approved<", ">Listing: pending<", ">Concierge: yes<"])
      expect(accepted).toContain(label);
    expect(accepted).not.toContain("Review:");
    expect(text({ status: "approved", productStatus: "live", conciergeStatus: "yes" })).toContain(">Review: approved<");
    const declinedLive = text({
      status: "rejected",
      productStatus: "live",
      declinedBy: "Kensington Closet",
      rejectionReason: "Not our style",
    });
    expect(declinedLive).toContain(">Store: declined<");
    expect(declinedLive).toContain(
      "Declined by Kensington Closet: Not our style. It stays on the shop, no longer managed by the store.",
    );
    expect(text({ status: "rejected", productStatus: "archived", declinedBy: "Kensington Closet" })).toContain(
      ">Declined by Kensington Closet<",
    );
    // The seller's own list says what to do next; staff's does not.
    expect(
      text({ status: "rejected", productStatus: "pending", declinedBy: "Kensington Closet", forSeller: true }),
    ).toContain("Edit it to choose another store, or none: it then goes to review again.");
    expect(
      text({ status: "rejected", productStatus: "archived", rejectionReason: "Blurry photos", forSeller: true }),
    ).toContain("Edit it to change what the reason asks: it then goes to review again.");
    expect(text({ status: "rejected", productStatus: "archived", rejectionReason: "Blurry photos" })).not.toContain(
      "Edit it",
    );
  });

  it("says where an item's order stands while it is not with its shopper yet (decision 0069)", () => {
    const text = (props: Parameters<typeof ProductBadges>[0]) => renderToString(h(ProductBadges, props));
    expect(
      text({ status: "approved", productStatus: "live", availability: "rented", orderStage: "to_post" }),
    ).toContain(">Ordered: to post<");
    expect(text({ status: "approved", productStatus: "live", availability: "sold", orderStage: "reserved" })).toContain(
      ">Reserved: awaiting payment<",
    );
    expect(text({ status: "approved", productStatus: "live", availability: "rented", orderStage: null })).toContain(
      ">Out on rental<",
    );
    expect(text({ status: "approved", productStatus: "live", availability: "sold" })).toContain(">Sold<");
  });

  it("shows no concierge badge for a product without a request", () => {
    expect(renderToString(h(ProductBadges, { status: "approved", conciergeStatus: "no" }))).not.toContain("Concierge");
  });
});
