import { formatWeekLabel } from "~/lib/admin-format";
import { type ChartFrame, Gridlines, valueScale } from "./chart-axis";

// Bookings and inquiries per week, drawn on the server as SVG (no chart library in the page's
// script). Readable without colour: bookings are solid bars, inquiries hatched ones, each bar
// carries its number, and the same figures are in a table for screen readers.

export type ActivityWeek = { weekStart: string; bookings: number; inquiries: number };

const FRAME: ChartFrame = {
  width: 720,
  height: 260,
  pad: { top: 24, right: 12, bottom: 36, left: 36 },
};
const { width: WIDTH, height: HEIGHT, pad: PAD } = FRAME;
const PLOT_W = WIDTH - PAD.left - PAD.right;

export function ActivityChart({ weeks, title }: { weeks: ActivityWeek[]; title: string }) {
  const { ticks, y, baseline } = valueScale(
    FRAME,
    Math.max(...weeks.flatMap((w) => [w.bookings, w.inquiries])),
  );
  const slot = PLOT_W / Math.max(1, weeks.length);
  const bar = Math.min(22, slot * 0.34);

  return (
    <figure className="space-y-3">
      <div
        className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-700"
        aria-hidden
      >
        <span className="flex items-center gap-2">
          <svg width="14" height="14" aria-hidden>
            <rect width="14" height="14" className="fill-brand-700" />
          </svg>
          Bookings
        </span>
        <span className="flex items-center gap-2">
          <svg width="14" height="14" aria-hidden>
            <rect width="14" height="14" fill="url(#inquiry-hatch)" className="stroke-amber-700" />
          </svg>
          Inquiries
        </span>
      </div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        aria-hidden
        focusable="false"
      >
        <defs>
          <pattern
            id="inquiry-hatch"
            width="6"
            height="6"
            patternUnits="userSpaceOnUse"
            patternTransform="rotate(45)"
          >
            <rect width="6" height="6" className="fill-amber-100" />
            <line x1="0" y1="0" x2="0" y2="6" strokeWidth="3" className="stroke-amber-700" />
          </pattern>
        </defs>
        <Gridlines frame={FRAME} ticks={ticks} y={y} strongZero />
        {weeks.map((week, i) => {
          const center = PAD.left + slot * i + slot / 2;
          const bars = [
            { key: "bookings", value: week.bookings, x: center - bar - 1, fill: "fill-brand-700" },
            { key: "inquiries", value: week.inquiries, x: center + 1, fill: "" },
          ];
          return (
            <g key={week.weekStart}>
              {bars.map((b) => (
                <g key={b.key}>
                  <rect
                    x={b.x}
                    y={y(b.value)}
                    width={bar}
                    height={Math.max(0, baseline - y(b.value))}
                    className={b.fill || "stroke-amber-700"}
                    fill={b.fill ? undefined : "url(#inquiry-hatch)"}
                  />
                  <text
                    x={b.x + bar / 2}
                    y={y(b.value) - 4}
                    textAnchor="middle"
                    className="fill-slate-700 text-[10px]"
                  >
                    {b.value}
                  </text>
                </g>
              ))}
              <text
                x={center}
                y={HEIGHT - PAD.bottom + 16}
                textAnchor="middle"
                className="fill-slate-500 text-[10px]"
              >
                {formatWeekLabel(week.weekStart)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">{title}</figcaption>
      {/* sr-only on a wrapper: a table is never narrower than its content, so on the table
          itself the class would leave it full width and the page wider than a phone. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Bookings</th>
              <th scope="col">Inquiries</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.weekStart}>
                <th scope="row">{formatWeekLabel(week.weekStart)}</th>
                <td>{week.bookings}</td>
                <td>{week.inquiries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
