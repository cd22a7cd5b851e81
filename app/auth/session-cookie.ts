// The name of better-auth's session cookie (app/auth/auth.server.ts), for code that only needs to
// know whether a request carries one: the server's no-store rule (app/cache/private-responses.server.ts).
// It is "__Secure-better-auth.session_token" when the cookies are Secure.

const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=[^;\s]/;

/** True when the Cookie header carries a session cookie (valid or not: that is checked later). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}
