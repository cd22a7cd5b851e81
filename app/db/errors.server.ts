// Database errors a model answers as a refusal rather than a failure. Drizzle wraps the driver's
// error (pg's DatabaseError, PGlite's alike) in its own, with the original as `cause`; both
// drivers carry PostgreSQL's SQLSTATE as `code` and the violated constraint's name.

const UNIQUE_VIOLATION = "23505";

/** Whether `error` (or what it wraps) is a unique violation of the constraint `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth += 1) {
    const { code, constraint: violated } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION) return violated === constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
