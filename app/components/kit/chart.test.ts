import { describe, expect, it } from "vitest";
import { barLayout, chartShortText, chartValueText, lastWeek, thisWeek } from "./chart";

const frame = { width: 400, height: 140, top: 20, bottom: 20 }; // bars stand on y = 120, at most 100 tall

describe("the bar chart's layout", () => {
  it("scales every bar to the tallest, which reaches the top", () => {
    const bars = barLayout(
      [
        { label: "a", value: 500 },
        { label: "b", value: 250 },
        { label: "c", value: 1000 },
        { label: "d", value: 0 },
      ],
      frame,
    );
    expect(bars.map((b) => b.height)).toEqual([50, 25, 100, 0]);
    expect(bars.map((b) => b.y)).toEqual([70, 95, 20, 120]);
  });

  it("puts each bar in the middle of its own slot, 60% of the slot wide", () => {
    const bars = barLayout(
      [
        { label: "a", value: 1 },
        { label: "b", value: 1 },
      ],
      frame,
    );
    expect(bars.map((b) => [b.x, b.width, b.centre])).toEqual([
      [40, 120, 100],
      [240, 120, 300],
    ]);
  });

  it("keeps a bar at least 4 units wide when the weeks are many", () => {
    const bars = barLayout(
      Array.from({ length: 200 }, (_, i) => ({ label: String(i), value: i })),
      frame,
    );
    expect(bars.every((b) => b.width === 4)).toBe(true);
  });

  it("draws a chart of zeros flat, and a week below zero (refunds) as no bar, never a bar hanging below the axis", () => {
    expect(
      barLayout(
        [
          { label: "a", value: 0 },
          { label: "b", value: 0 },
        ],
        frame,
      ).map((b) => [b.height, b.y]),
    ).toEqual([
      [0, 120],
      [0, 120],
    ]);
    const [refunds, sales] = barLayout(
      [
        { label: "a", value: -300 },
        { label: "b", value: 600 },
      ],
      frame,
    );
    expect(refunds).toMatchObject({ height: 0, y: 120 });
    expect(sales).toMatchObject({ height: 100, y: 20 });
  });

  it("rounds heights to whole units", () => {
    expect(
      barLayout(
        [
          { label: "a", value: 1 },
          { label: "b", value: 3 },
        ],
        frame,
      ).map((b) => b.height),
    ).toEqual([33, 100]);
  });

  it("has nothing to draw without points", () => {
    expect(barLayout([], frame)).toEqual([]);
  });
});

describe("the chart's values in words", () => {
  it.each([
    [1250, "money", "£12.50", "£12.50"],
    [1200, "money", "£12.00", "£12"],
    [1, "views", "1 view", "1"],
    [3, "views", "3 views", "3"],
    [0, "views", "0 views", "0"],
  ] as const)("%i as %s reads %s, %s above its bar", (value, unit, text, short) => {
    expect(chartValueText(value, unit)).toBe(text);
    expect(chartShortText(value, unit)).toBe(short);
  });

  it("takes this week as the last of the weeks and last week as the one before", () => {
    expect([thisWeek([{ views: 4 }, { views: 9 }]), lastWeek([{ views: 4 }, { views: 9 }])]).toEqual([9, 4]);
    expect([thisWeek([]), lastWeek([{ views: 2 }])]).toEqual([0, 0]);
  });
});
