// Tokens in links (password reset, e-mail confirmation, calendar feeds) are URL-safe base64 or
// alphanumeric: anything else, a NUL or a line break included, is a dead link at once, before
// it reaches a query.

const TOKEN = /^[A-Za-z0-9_-]{8,256}$/;

export function isWellFormedToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN.test(value);
}
