import { barLayout, CHART_FRAME, chartShortText, chartValueText, type ChartPoint, type ChartUnit } from "./chart";

/**
 * A bar chart drawn on the server as SVG (it shows without JavaScript), its title as the
 * figure's caption, a sentence under it (the total, unless `summary` says otherwise), and the
 * same numbers in a table for screen readers. Money is pence, shown in £.
 */
export function SvgBarChart({
  title,
  points,
  summary,
  unit = "money",
}: {
  title: string;
  points: ChartPoint[];
  summary?: string;
  unit?: ChartUnit;
}) {
  const { width, height } = CHART_FRAME;
  const axis = height - CHART_FRAME.bottom;
  const id = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <figure className="mb-6 rounded-lg border border-stone-200 bg-white p-4">
      <figcaption id={`${id}-title`} className="mb-2 font-semibold">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-summary`}
        className="h-auto w-full"
      >
        <line x1={0} y1={axis} x2={width} y2={axis} stroke="#d6d3d1" />
        {barLayout(points).map((bar) => (
          <g key={bar.label}>
            <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={2} fill="#1f3d36">
              <title>{`${bar.label}: ${chartValueText(bar.value, unit)}`}</title>
            </rect>
            {bar.value > 0 ? (
              <text x={bar.centre} y={bar.y - 4} textAnchor="middle" fontSize={10} fill="#44403c">
                {chartShortText(bar.value, unit)}
              </text>
            ) : null}
            <text x={bar.centre} y={height - 10} textAnchor="middle" fontSize={10} fill="#57534e">
              {bar.label}
            </text>
          </g>
        ))}
      </svg>
      <p id={`${id}-summary`} className="mt-2 text-sm text-stone-700">
        {summary ??
          `Total ${chartValueText(
            points.reduce((s, p) => s + p.value, 0),
            unit,
          )}`}
      </p>
      {/* A table is never narrower than its content, so the hiding box is a div around it: no wider page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Week</th>
              <th scope="col">{unit === "money" ? "Amount" : "Views"}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                <td>{chartValueText(p.value, unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
