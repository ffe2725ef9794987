import { describe, expect, it } from "vitest";
import { commissionId, idTail, payoutId, transactionId } from "./finance-ids";
import {
  describePeriod,
  financeCsv,
  PERIOD_MESSAGES,
  readFinanceList,
  readFinancePeriod,
  toCsv,
} from "./finance-report";

const NOW = Date.parse("2026-11-25T15:30:00Z");
const at = (query: string) => readFinancePeriod(new URL(`https://closetloop.test/admin/financial${query}`), NOW);

describe("the Financial tab's period", () => {
  it("is the last 90 days, today included, when none is chosen", () => {
    const read = at("");
    expect([read.fromDate, read.toDate, read.errors]).toEqual(["2026-08-28", "2026-11-25", {}]);
    expect(read.period).toEqual({ from: Date.parse("2026-08-28T00:00:00Z"), to: Date.parse("2026-11-26T00:00:00Z") });
    expect(describePeriod(read.period)).toBe("28 Aug 2026 – 25 Nov 2026");
  });

  it("takes a chosen period, its last day included", () => {
    const read = at("?from=2026-10-01&to=2026-10-31");
    expect(read.period).toEqual({ from: Date.parse("2026-10-01T00:00:00Z"), to: Date.parse("2026-11-01T00:00:00Z") });
    expect(read.errors).toEqual({});
  });

  it.each([
    ["?from=2026-02-30", { from: PERIOD_MESSAGES.badDate }],
    ["?to=yesterday", { to: PERIOD_MESSAGES.badDate }],
    ["?from=2026-11-02&to=2026-11-01", { from: PERIOD_MESSAGES.order }],
  ])("reports %s at its field and keeps the default period", (query, errors) => {
    const read = at(query);
    expect(read.errors).toEqual(errors);
    expect([read.fromDate, read.toDate]).toEqual(["2026-08-28", "2026-11-25"]);
  });
});

describe("the Financial tab's list (decision 0126)", () => {
  const listOf = (query: string) => readFinanceList(new URL(`https://closetloop.test/admin/financial?${query}`));
  it("is the one named, else the transactions", () => {
    expect([listOf("list=payouts"), listOf("list=commissions"), listOf("list=transactions")]).toEqual([
      "payouts",
      "commissions",
      "transactions",
    ]);
    expect([listOf(""), listOf("list=Payouts"), listOf("list=everything")]).toEqual(Array(3).fill("transactions"));
  });
});

describe("CSV", () => {
  it("quotes what needs quoting, guards formulas, and leaves amounts as numbers", () => {
    expect(toCsv([["a,b", 'say "hi"', "line\nbreak", null, 12, "-0.50", "=HYPERLINK(1)", "@me"]])).toBe(
      '"a,b","say ""hi""","line\nbreak",,12,-0.50,\'=HYPERLINK(1),\'@me\r\n',
    );
  });

  it("writes payouts with their payee by name, period and amounts in pounds", () => {
    const csv = financeCsv("payouts", [
      {
        id: "payout_x",
        recipientType: "owner",
        recipientName: "VintageVera",
        periodStart: Date.parse("2026-11-16T00:00:00Z"),
        periodEnd: Date.parse("2026-11-23T00:00:00Z"),
        total: 10000,
        commission: 1000,
        net: 9000,
        carriedIn: -4050,
        due: 4950,
        status: "paid",
        paidAt: null,
        createdAt: 0,
      },
      {
        id: "payout_y",
        recipientType: "platform",
        recipientName: null,
        periodStart: 0,
        periodEnd: 1,
        total: 1000,
        commission: 1000,
        net: 1000,
        carriedIn: 0,
        due: 1000,
        status: "calculated",
        paidAt: null,
        createdAt: 0,
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "Payout ID,Payee type,Payee,Period start (UTC),Period ends before (UTC),Gross (GBP),Commission (GBP),Net (GBP),Carried in (GBP),Due (GBP),Status,Paid (UTC)",
      "payout_x,owner,VintageVera,2026-11-16T00:00:00.000Z,2026-11-23T00:00:00.000Z,100.00,10.00,90.00,-40.50,49.50,paid,",
      "payout_y,platform,Closetloop,1970-01-01T00:00:00.000Z,1970-01-01T00:00:00.001Z,10.00,10.00,10.00,0.00,10.00,calculated,",
      "",
    ]);
  });
});

describe("money record ids", () => {
  it("follow from what they record, so recording it twice gives the same id", () => {
    expect(transactionId("item_1", "sale")).toBe(transactionId("item_1", "sale"));
    // A purchase of an item is one, however it came about.
    expect(transactionId("item_1", "rental_conversion")).toBe(transactionId("item_1", "sale"));
    expect(payoutId({ type: "owner", id: "u1" }, 5)).toBe(payoutId({ type: "owner", id: "u1" }, 5));
  });

  it("end in eight characters that differ between rows (the spec shows the last 8)", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const txn = transactionId(`item_demo_${i}`, i % 2 ? "rental_fee" : "sale");
      ids.add(txn.slice(-8)).add(commissionId(txn, "platform").slice(-8)).add(commissionId(txn, "store").slice(-8));
      ids.add(payoutId({ type: "owner", id: "user_vendor" }, i * 604_800_000).slice(-8));
    }
    expect(ids.size).toBe(8000);
    expect(idTail("a", "b")).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
