import { formatGBP } from "../../domain/money";

// The arithmetic of SvgBarChart (svg-bar-chart.tsx): where each bar stands and what its value
// reads as. Pure, so the chart's scale is tested without rendering.

export interface ChartPoint {
  label: string;
  /** Integer pence, or a count of views. */
  value: number;
}

export type ChartUnit = "money" | "views";

/** The drawing's size in SVG units: bars stand between `top` and `height - bottom` (the axis). */
export const CHART_FRAME = { width: 640, height: 200, top: 20, bottom: 28 } as const;

export interface Bar extends ChartPoint {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The middle of the bar, where its labels stand. */
  centre: number;
}

/**
 * One bar per point, side by side in equal slots, the tallest reaching the top. A value below
 * zero (a week of refunds) draws no bar; a chart of zeros stays flat.
 */
export function barLayout(
  points: readonly ChartPoint[],
  frame: { width: number; height: number; top: number; bottom: number } = CHART_FRAME,
): Bar[] {
  const max = Math.max(1, ...points.map((p) => p.value));
  const slot = frame.width / Math.max(1, points.length);
  const width = Math.max(4, slot * 0.6);
  const axis = frame.height - frame.bottom;
  return points.map((p, i) => {
    const height = Math.round(((axis - frame.top) * Math.max(0, p.value)) / max);
    const x = i * slot + (slot - width) / 2;
    return { ...p, x, y: axis - height, width, height, centre: x + width / 2 };
  });
}

/** A value in words, for the bar's tooltip and the screen readers' table: '£12.50', '3 views'. */
export const chartValueText = (value: number, unit: ChartUnit) =>
  unit === "money" ? formatGBP(value) : `${value} ${value === 1 ? "view" : "views"}`;

/** A value above its bar, short: '£12', '£12.50', '3'. */
export const chartShortText = (value: number, unit: ChartUnit) =>
  unit === "money" ? formatGBP(value).replace(/\.00$/, "") : String(value);

/** The views of the current week (the last of a viewsByWeek list) and of the week before. */
export const thisWeek = (weeks: readonly { views: number }[]) => weeks.at(-1)?.views ?? 0;
export const lastWeek = (weeks: readonly { views: number }[]) => weeks.at(-2)?.views ?? 0;
