import { describe, expect, it } from "vitest";
import { labelSvg } from "./label-svg";

const label = {
  carrier: "Royal Mail",
  service: "Tracked 48",
  trackingNumber: "AB123456789GB",
  reference: "#7KQ4M2XA",
  direction: "outbound" as const,
  from: { fullName: "Vera Vintage", addressLine1: "14 Lark Lane", city: "Liverpool", postalCode: "L17 8UU" },
  to: {
    fullName: "Sam <script>alert(1)</script> & Co",
    addressLine1: "27 Canonbury Road",
    city: "London",
    postalCode: "N1 1AA",
  },
};

describe("a printable label", () => {
  it("names the carrier, the service, the order, both addresses and the tracking number under its barcode", () => {
    const svg = labelSvg(label);
    for (const text of [
      "Royal Mail · Tracked 48",
      "PARCEL · Order #7KQ4M2XA",
      "14 Lark Lane",
      "L17 8UU",
      "27 Canonbury Road",
      "N1 1AA",
      ">AB123456789GB</text>",
      'aria-label="Barcode of AB123456789GB"',
    ])
      expect(svg).toContain(text);
    expect(svg.match(/<rect /g)!.length).toBeGreaterThan(30);
  });

  it("escapes every text it draws (the page inserts it as markup)", () => {
    const svg = labelSvg(label);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("Sam &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co");
  });

  it("says a return label is prepaid", () => {
    expect(labelSvg({ ...label, direction: "return" })).toContain("PREPAID RETURN · Order #7KQ4M2XA");
  });
});
