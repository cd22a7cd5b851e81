// What the server-drawn SVG bar charts (activity-chart, views-chart) share: the value scale with
// round gridlines, and the gridlines with their numbers on the left.

/** Gridline step: 1, 2 or 5 times a power of ten, about four lines over the largest value. */
export function niceStep(max: number) {
  if (max <= 4) return 1;
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  return step ?? 10 * power;
}

export type ChartFrame = {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
};

/** The gridlines' values and the y of a value, for bars up to `largest` (at least 1). */
export function valueScale(frame: ChartFrame, largest: number) {
  const plotHeight = frame.height - frame.pad.top - frame.pad.bottom;
  const max = Math.max(1, largest);
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const ticks = Array.from({ length: top / step + 1 }, (_, i) => i * step);
  const y = (value: number) => frame.pad.top + plotHeight - (value / top) * plotHeight;
  return { ticks, y, baseline: frame.pad.top + plotHeight };
}

/** The horizontal gridlines, each with its value at the left; `strongZero` darkens the axis. */
export function Gridlines({
  frame,
  ticks,
  y,
  strongZero = false,
}: {
  frame: ChartFrame;
  ticks: number[];
  y: (value: number) => number;
  strongZero?: boolean;
}) {
  return ticks.map((tick) => (
    <g key={tick}>
      <line
        x1={frame.pad.left}
        x2={frame.width - frame.pad.right}
        y1={y(tick)}
        y2={y(tick)}
        className={strongZero && tick === 0 ? "stroke-slate-400" : "stroke-slate-200"}
      />
      <text
        x={frame.pad.left - 6}
        y={y(tick) + 4}
        textAnchor="end"
        className="fill-slate-500 text-[11px]"
      >
        {tick}
      </text>
    </g>
  ));
}
