import { eq } from "drizzle-orm";
import { registerAccount } from "~/auth/accounts.server";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";

// Fixtures for tests of signed-in pages: accounts with a session cookie, and properties.
// Calling loaders and actions: route-calls.ts.

export const TEST_PASSWORD = "secret-password-1";

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(setCookies: string[]) {
  return setCookies
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Signs in an existing account; answers a fresh session's Cookie header. */
export async function signInCookie(email: string, password = TEST_PASSWORD) {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  return cookieHeader(headers.getSetCookie());
}

/** A new customer account, signed in: its id, e-mail and the Cookie header of its session. */
export async function signedInCustomer(email: string, password = TEST_PASSWORD) {
  const created = await registerAccount({
    firstName: "Test",
    lastName: "Customer",
    email,
    password,
  });
  if (!created.ok) throw new Error(`could not create ${email}`);
  const cookie = await signInCookie(email, password);
  return { userId: created.userId, email, cookie };
}

/** Creates a customer account and signs it in. */
export async function createSignedInUser(email: string, name = "Ada Obi") {
  const [firstName = "", ...rest] = name.split(" ");
  const signUp = await getAuth().api.signUpEmail({
    body: { email, password: TEST_PASSWORD, name, firstName, lastName: rest.join(" ") },
  });
  return { id: signUp.user.id, email, cookie: await signInCookie(email) };
}

export async function createProperty(title: string, city = "Lagos") {
  const [row] = await db
    .insert(properties)
    .values({ title, propertyType: "house", category: "residential", city, price: 50_000_000 })
    .returning({ id: properties.id });
  if (!row) throw new Error("property insert failed");
  return row.id;
}

/** The reference code the database gave a listing (NH-LAG-0001; issue 45). */
export async function listingCodeOf(id: string): Promise<string> {
  const [row] = await db
    .select({ code: properties.referenceCode })
    .from(properties)
    .where(eq(properties.id, id));
  if (!row) throw new Error(`no property ${id}`);
  return row.code;
}
