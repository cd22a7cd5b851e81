/**
 * A value made on its first use, then kept. For the `Intl` formatters: building one loads the
 * locale's and time zone's data (12 ms for the naira format on a slow machine, 4x that on the
 * phone Lighthouse imitates), which a page that never shows a date should not pay while its
 * scripts start.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/** The parts of a formatted date by type: { year: "2026", month: "11", ... }. */
export type DateParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

/** An `Intl.DateTimeFormat` built on its first use, with the same `format`, and `parts`. */
export function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions) {
  const made = lazy(() => new Intl.DateTimeFormat(locale, options));
  return {
    format: (date: Date) => made().format(date),
    parts: (date: Date): DateParts =>
      Object.fromEntries(
        made()
          .formatToParts(date)
          .map((part) => [part.type, part.value]),
      ),
  };
}
