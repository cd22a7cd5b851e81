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
