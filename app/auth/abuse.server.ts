import { data, type RouterContextProvider } from "react-router";
import {
  consumeRateLimit,
  getClientIp,
  RATE_LIMITS,
  rateLimitKey,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/rate-limit/rate-limit.server";

// The rate limits of the account forms, answered in the forms' own error shape.

type Rule = "signIn" | "signUp" | "adminLogin";

/**
 * Counts one attempt of `rule` for this client (and e-mail, for sign-in); answers a 429
 * response to return when over the limit, else undefined.
 */
export async function limitAttempt<Values>(
  rule: Rule,
  args: { request: Request; context: Readonly<RouterContextProvider> },
  values: Values,
  email?: string,
) {
  const ip = getClientIp(args);
  const key = email === undefined ? rateLimitKey(rule, ip) : rateLimitKey(rule, ip, email);
  const { allowed, retryAfterSeconds } = await consumeRateLimit(key, RATE_LIMITS[rule]);
  if (allowed) return undefined;
  return data(
    { error: { title: "Error", message: TOO_MANY_ATTEMPTS_MESSAGE }, values },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}
