// Row ids are UUIDs. A malformed id from a URL or a form is answered as not found before it
// reaches the database (where it would be a type error, not a miss).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
