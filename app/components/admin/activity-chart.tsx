import { formatWeekLabel } from "~/lib/admin-format";

// Bookings and inquiries per week, drawn on the server as SVG (no chart library in the page's
// script). Readable without colour: bookings are solid bars, inquiries hatched ones, each bar
// carries its number, and the same figures are in a table for screen readers.

export type ActivityWeek = { weekStart: string; bookings: number; inquiries: number };

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 24, right: 12, bottom: 36, left: 36 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;

/** Gridline step: 1, 2 or 5 times a power of ten, about four lines over the largest value. */
export function niceStep(max: number) {
  if (max <= 4) return 1;
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

export function ActivityChart({ weeks, title }: { weeks: ActivityWeek[]; title: string }) {
  const max = Math.max(1, ...weeks.flatMap((w) => [w.bookings, w.inquiries]));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
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
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className={tick === 0 ? "stroke-slate-400" : "stroke-slate-200"}
            />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              className="fill-slate-500 text-[11px]"
            >
              {tick}
            </text>
          </g>
        ))}
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
                    height={Math.max(0, PAD.top + PLOT_H - y(b.value))}
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
