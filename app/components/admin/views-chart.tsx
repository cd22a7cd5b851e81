import { formatWeekLabel } from "~/lib/admin-format";
import { formatNumber } from "~/lib/money";
import { type ChartFrame, Gridlines, valueScale } from "./chart-axis";

// A listing's page views per day (or per week: the owner's My Listings), drawn on the server as
// SVG bars, with the same figures in a table for screen readers.

const FRAME: ChartFrame = {
  width: 720,
  height: 200,
  pad: { top: 16, right: 8, bottom: 28, left: 36 },
};
const { width: WIDTH, height: HEIGHT, pad: PAD } = FRAME;
const PLOT_W = WIDTH - PAD.left - PAD.right;

export function ViewsChart({
  days,
  title,
  labelEvery = 7,
  period = "Day",
}: {
  /** Each bar: the day it counts (per week: the week's first day) and its views. */
  days: { day: string; views: number }[];
  title: string;
  /** Every how many bars the axis names one. */
  labelEvery?: number;
  /** What a bar is, for the screen readers' table ("Day", "Week from"). */
  period?: string;
}) {
  const total = days.reduce((n, d) => n + d.views, 0);
  const { ticks, y, baseline } = valueScale(FRAME, Math.max(...days.map((d) => d.views)));
  const slot = PLOT_W / Math.max(1, days.length);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-slate-700">
        {title}: <strong>{formatNumber(total)}</strong>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        aria-hidden
        focusable="false"
      >
        <Gridlines frame={FRAME} ticks={ticks} y={y} />
        {days.map((d, i) => {
          const height = baseline - y(d.views);
          return (
            <g key={d.day}>
              <rect
                x={PAD.left + i * slot + slot * 0.15}
                y={y(d.views)}
                width={slot * 0.7}
                height={height}
                className="fill-brand-700"
              />
              {i % labelEvery === 0 ? (
                <text
                  x={PAD.left + i * slot + slot / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="fill-slate-500 text-[11px]"
                >
                  {formatWeekLabel(d.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* sr-only on a wrapper: on the table itself a table keeps its content's width. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{period}</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{formatWeekLabel(d.day)}</th>
                <td>{d.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
