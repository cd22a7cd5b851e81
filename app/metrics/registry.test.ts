import { describe, expect, it } from "vitest";
import { escapeLabelValue, formatValue, Registry } from "./registry";

describe("the Prometheus text format", () => {
  it("writes HELP and TYPE, then each series with its labels, in declaration order", () => {
    const registry = new Registry();
    const requests = registry.counter("http_requests_total", "Requests answered.", [
      "route",
      "status",
    ]);
    const up = registry.gauge("site_up", "Whether the site is up.");
    requests.inc({ route: "/property/:id", status: "200" });
    requests.inc({ route: "/property/:id", status: "200" }, 2);
    requests.inc({ route: "/", status: "304" });
    up.set({}, 1);

    expect(registry.render()).toBe(
      [
        "# HELP http_requests_total Requests answered.",
        "# TYPE http_requests_total counter",
        'http_requests_total{route="/property/:id",status="200"} 3',
        'http_requests_total{route="/",status="304"} 1',
        "# HELP site_up Whether the site is up.",
        "# TYPE site_up gauge",
        "site_up 1",
        "",
      ].join("\n"),
    );
  });

  it("writes a metric with no series yet as its HELP and TYPE only", () => {
    const registry = new Registry();
    registry.counter("nothing_total", "Nothing yet.", ["kind"]);
    expect(registry.render()).toBe(
      "# HELP nothing_total Nothing yet.\n# TYPE nothing_total counter\n",
    );
  });

  it("escapes label values (backslash, quote, line feed) and HELP text", () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    const registry = new Registry();
    registry.gauge("odd", 'Line one\nline "two" \\ end', ["v"]).set({ v: 'say "hi"\n' }, 2);
    expect(registry.render()).toBe(
      [
        '# HELP odd Line one\\nline "two" \\\\ end',
        "# TYPE odd gauge",
        'odd{v="say \\"hi\\"\\n"} 2',
        "",
      ].join("\n"),
    );
  });

  it("spells infinity and NaN the format's way", () => {
    expect(formatValue(Number.POSITIVE_INFINITY)).toBe("+Inf");
    expect(formatValue(Number.NEGATIVE_INFINITY)).toBe("-Inf");
    expect(formatValue(Number.NaN)).toBe("NaN");
    expect(formatValue(0.25)).toBe("0.25");
    expect(formatValue(1.5e-7)).toBe("1.5e-7");
  });

  it("counts histogram observations into cumulative buckets, with +Inf, sum and count", () => {
    const registry = new Registry();
    const duration = registry.histogram("took_seconds", "Time taken.", ["route"], [0.1, 0.5, 1]);
    for (const seconds of [0.05, 0.1, 0.3, 0.7, 4]) duration.observe({ route: "/" }, seconds);
    duration.observe({ route: "/about" }, 0.2);

    const lines = registry.render().trimEnd().split("\n");
    expect(lines).toEqual([
      "# HELP took_seconds Time taken.",
      "# TYPE took_seconds histogram",
      // 0.1 is in le="0.1": a bucket's upper bound is inclusive.
      'took_seconds_bucket{route="/",le="0.1"} 2',
      'took_seconds_bucket{route="/",le="0.5"} 3',
      'took_seconds_bucket{route="/",le="1"} 4',
      'took_seconds_bucket{route="/",le="+Inf"} 5',
      `took_seconds_sum{route="/"} ${0.05 + 0.1 + 0.3 + 0.7 + 4}`,
      'took_seconds_count{route="/"} 5',
      'took_seconds_bucket{route="/about",le="0.1"} 0',
      'took_seconds_bucket{route="/about",le="0.5"} 1',
      'took_seconds_bucket{route="/about",le="1"} 1',
      'took_seconds_bucket{route="/about",le="+Inf"} 1',
      'took_seconds_sum{route="/about"} 0.2',
      'took_seconds_count{route="/about"} 1',
    ]);
  });

  it("refuses what would make an invalid exposition", () => {
    const registry = new Registry();
    expect(() => registry.counter("bad-name", "x")).toThrow(/metric name/);
    expect(() => registry.counter("ok_total", "x", ["le"])).toThrow(/label name/);
    expect(() => registry.counter("ok2_total", "x", ["__reserved"])).toThrow(/label name/);
    expect(() => registry.histogram("h", "x", [], [1, 0.5])).toThrow(/increase/);
    const counter = registry.counter("once_total", "x", ["a"]);
    expect(() => registry.counter("once_total", "x")).toThrow(/duplicate/);
    expect(() => counter.inc({ a: "1" }, -1)).toThrow(/cannot go down/);
    expect(() => counter.inc({} as { a: string })).toThrow(/label a is missing/);
  });
});
