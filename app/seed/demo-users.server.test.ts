import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyCredentials } from "~/auth/accounts.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { DEMO_USERS, seedDemoUsers } from "./demo-users";

await setupTestDatabase();

describe("seedDemoUsers", () => {
  it("creates a super admin and a customer whose demo passwords sign in, once", async () => {
    const created = await seedDemoUsers();
    expect(created.map((u) => u.email)).toEqual(DEMO_USERS.map((u) => u.email));
    const [admin] = await db.select().from(users).where(eq(users.email, "admin@naijahomes.ng"));
    expect(admin).toMatchObject({ role: "admin", isSuperAdmin: true, status: "active" });
    const [customer] = await db
      .select()
      .from(users)
      .where(eq(users.email, "customer@naijahomes.ng"));
    // The customer's address counts as confirmed (nobody can click a link sent to it).
    expect(customer).toMatchObject({ role: "tenant", isSuperAdmin: false, emailVerified: true });
    for (const user of DEMO_USERS) {
      expect(await verifyCredentials(user.email, user.password)).toBeDefined();
    }
    const [owner] = await db.select().from(users).where(eq(users.email, "owner@naijahomes.ng"));
    expect(owner).toMatchObject({ role: "owner", emailVerified: true });
    // Accounts exist now: nothing more is created.
    expect(await seedDemoUsers()).toEqual([]);
  });
});
