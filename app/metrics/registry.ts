// Counters, gauges and histograms written out in the Prometheus text exposition format 0.0.4
// (https://prometheus.io/docs/instrumenting/exposition_formats/). Pure and small on purpose:
// the site needs a dozen series, not a client library. Every series' labels are known when it
// is declared, so a value from a request (a raw path, a user agent) can only become a label
// where the caller chose to put it.

export const CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/** Prometheus' default buckets (seconds): from a cached page (ms) to a slow import (10 s). */
export const DURATION_BUCKETS_SECONDS = [
  0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const;

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

type LabelValues<L extends string> = Readonly<Record<L, string>>;

/** A label value as the format wants it: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

/** HELP text: backslash and line feed escaped (quotes are fine there). */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
}

/** A sample value: Go's float syntax, with the format's spellings of infinity and NaN. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function labelText(pairs: readonly (readonly [string, string])[]): string {
  if (pairs.length === 0) return "";
  return `{${pairs.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(",")}}`;
}

abstract class Metric<L extends string> {
  abstract readonly type: "counter" | "gauge" | "histogram";
  protected readonly series = new Map<string, { labels: LabelValues<L>; value: number[] }>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[],
  ) {
    if (!METRIC_NAME.test(name)) throw new Error(`invalid metric name: ${name}`);
    for (const label of labelNames) {
      if (!LABEL_NAME.test(label) || label.startsWith("__") || label === "le") {
        throw new Error(`invalid label name for ${name}: ${label}`);
      }
    }
  }

  /** The series for these label values, made (with `size` zeros) on first use. */
  protected seriesOf(labels: LabelValues<L>, size: number): number[] {
    const values = this.labelNames.map((label) => {
      const value = labels[label];
      if (typeof value !== "string") throw new Error(`${this.name}: label ${label} is missing`);
      return value;
    });
    const key = JSON.stringify(values);
    let found = this.series.get(key);
    if (!found) {
      found = { labels: { ...labels }, value: new Array(size).fill(0) };
      this.series.set(key, found);
    }
    return found.value;
  }

  protected pairsOf(labels: LabelValues<L>): [string, string][] {
    return this.labelNames.map((label) => [label, labels[label]]);
  }

  /** The HELP and TYPE lines, then each series' samples. */
  render(): string {
    const lines = [
      `# HELP ${this.name} ${escapeHelp(this.help)}`,
      `# TYPE ${this.name} ${this.type}`,
    ];
    for (const { labels, value } of this.series.values())
      lines.push(...this.samples(labels, value));
    return `${lines.join("\n")}\n`;
  }

  protected abstract samples(labels: LabelValues<L>, value: number[]): string[];
}

/** A value that only goes up (requests served); reset only by a restart. */
export class Counter<L extends string = never> extends Metric<L> {
  readonly type = "counter";

  inc(labels: LabelValues<L>, by = 1) {
    if (!(by >= 0)) throw new Error(`${this.name}: a counter cannot go down (${by})`);
    const value = this.seriesOf(labels, 1);
    value[0] = (value[0] ?? 0) + by;
  }

  protected samples(labels: LabelValues<L>, value: number[]) {
    return [`${this.name}${labelText(this.pairsOf(labels))} ${formatValue(value[0] ?? 0)}`];
  }
}

/** A value read at a moment (messages waiting, bytes of memory). */
export class Gauge<L extends string = never> extends Metric<L> {
  readonly type = "gauge";

  set(labels: LabelValues<L>, to: number) {
    this.seriesOf(labels, 1)[0] = to;
  }

  protected samples(labels: LabelValues<L>, value: number[]) {
    return [`${this.name}${labelText(this.pairsOf(labels))} ${formatValue(value[0] ?? 0)}`];
  }
}

/**
 * Observations counted into buckets (request durations). Kept per bucket and written out
 * cumulatively, as the format wants: `le="0.1"` counts everything up to 0.1, `le="+Inf"` all.
 */
export class Histogram<L extends string = never> extends Metric<L> {
  readonly type = "histogram";
  readonly buckets: readonly number[];

  constructor(name: string, help: string, labelNames: readonly L[], buckets: readonly number[]) {
    super(name, help, labelNames);
    if (buckets.length === 0) throw new Error(`${name}: a histogram needs buckets`);
    for (let i = 1; i < buckets.length; i += 1) {
      if (!((buckets[i] ?? 0) > (buckets[i - 1] ?? 0))) {
        throw new Error(`${name}: buckets must increase`);
      }
    }
    this.buckets = [...buckets];
  }

  observe(labels: LabelValues<L>, value: number) {
    // Per bucket, then +Inf, count and sum.
    const series = this.seriesOf(labels, this.buckets.length + 3);
    const index = this.buckets.findIndex((upper) => value <= upper);
    const slot = index === -1 ? this.buckets.length : index;
    series[slot] = (series[slot] ?? 0) + 1;
    const countSlot = this.buckets.length + 1;
    series[countSlot] = (series[countSlot] ?? 0) + 1;
    series[countSlot + 1] = (series[countSlot + 1] ?? 0) + value;
  }

  protected samples(labels: LabelValues<L>, value: number[]) {
    const pairs = this.pairsOf(labels);
    const lines: string[] = [];
    let cumulative = 0;
    this.buckets.forEach((upper, i) => {
      cumulative += value[i] ?? 0;
      lines.push(
        `${this.name}_bucket${labelText([...pairs, ["le", formatValue(upper)]])} ${cumulative}`,
      );
    });
    const count = value[this.buckets.length + 1] ?? 0;
    lines.push(`${this.name}_bucket${labelText([...pairs, ["le", "+Inf"]])} ${count}`);
    lines.push(
      `${this.name}_sum${labelText(pairs)} ${formatValue(value[this.buckets.length + 2] ?? 0)}`,
    );
    lines.push(`${this.name}_count${labelText(pairs)} ${count}`);
    return lines;
  }
}

/** The metrics of one exposition, written out in the order they were declared. */
export class Registry {
  private readonly metrics = new Map<string, Metric<string>>();

  private add<M extends Metric<string>>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`duplicate metric: ${metric.name}`);
    this.metrics.set(metric.name, metric);
    return metric;
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) {
    return this.add(new Counter<L>(name, help, labelNames));
  }

  gauge<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) {
    return this.add(new Gauge<L>(name, help, labelNames));
  }

  histogram<L extends string = never>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: readonly number[] = DURATION_BUCKETS_SECONDS,
  ) {
    return this.add(new Histogram<L>(name, help, labelNames, buckets));
  }

  render(): string {
    return [...this.metrics.values()].map((metric) => metric.render()).join("");
  }
}
