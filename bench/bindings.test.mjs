import { describe, expect, it } from "vitest";
import { BINDING_CALLS, bindingCosts } from "./bindings.mjs";

describe("what one call to each local binding costs workerd", () => {
  it("measures every kind of call, a D1 batch costing CPU where the bare loop costs none", async () => {
    const rows = await bindingCosts({ calls: 20 });
    expect(rows.map((r) => r.call)).toEqual(BINDING_CALLS);
    const cpu = (call) => Number(rows.find((r) => r.call === call)["workerd CPU ms"]);
    expect(cpu("D1 batch, 1 statement")).toBeGreaterThan(cpu("nothing (the loop itself)"));
    for (const row of rows) expect(Number(row["wall ms"])).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
