import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { agentProfiles, appointments, teamMembers, users } from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { guestBooking } from "../../tests/setup/appointments";
import { setupTestDatabase } from "../../tests/setup/test-database";

// Issue 45's migration backfills: a profile for each agent account there was (slug from the
// team card's name, else the account's; namesakes numbered; their listings' number as the
// official phone), and a code for each confirmed viewing from today on. Run here on rows made
// after the migration, as they would have stood before it.

await setupTestDatabase();

const file = fs
  .readdirSync("drizzle")
  .find((name) => name.endsWith("_agent_profiles_viewing_codes.sql"));
const backfill = fs
  .readFileSync(path.join("drizzle", file ?? "missing.sql"), "utf8")
  .split("--> statement-breakpoint")
  .filter((statement) =>
    /^\s*(--.*\n)*\s*(INSERT INTO "agent_profiles"|UPDATE "appointments")/.test(statement),
  );

describe("the migration's backfill", () => {
  it("gives agents profiles and future confirmed viewings codes, and nothing else", async () => {
    expect(backfill).toHaveLength(2);
    await db.insert(users).values([
      {
        id: "bf-1",
        name: "Chidi Okoro",
        email: "bf1@example.com",
        role: "agent",
        phone: "0803 000 0001",
      },
      { id: "bf-2", name: "Chidi Okoro", email: "bf2@example.com", role: "agent" },
      { id: "bf-3", name: "Account Name", email: "bf3@example.com", role: "agent" },
      { id: "bf-4", name: "A Customer", email: "bf4@example.com", role: "tenant" },
    ]);
    await db
      .insert(teamMembers)
      .values({ name: "Ọlá Card-Name", position: "Agent", userId: "bf-3", phone: "0809 111 2222" });
    const today = lagosToday();
    const ids: Record<string, string> = {};
    for (const [key, status, date] of [
      ["future", "confirmed", addDays(today, 3)],
      ["today", "confirmed", today],
      ["past", "confirmed", addDays(today, -3)],
      ["pending", "pending", addDays(today, 3)],
    ] as const) {
      const [row] = await db
        .insert(appointments)
        .values({ ...guestBooking(`${key}@example.com`), status, appointmentDate: date })
        .returning({ id: appointments.id });
      ids[key] = row?.id ?? "";
    }
    for (const statement of backfill) await db.execute(sql.raw(statement));

    const profiles = await db
      .select({
        userId: agentProfiles.userId,
        slug: agentProfiles.slug,
        phone: agentProfiles.officialPhone,
      })
      .from(agentProfiles);
    expect(profiles.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual([
      { userId: "bf-1", slug: "chidi-okoro", phone: "0803 000 0001" },
      { userId: "bf-2", slug: "chidi-okoro-2", phone: null },
      // Accents are not read in SQL: the letter goes, the slug stays readable.
      { userId: "bf-3", slug: "l-card-name", phone: "0809 111 2222" },
    ]);
    const code = async (key: string) =>
      (
        await db
          .select({ code: appointments.viewingCode })
          .from(appointments)
          .where(eq(appointments.id, ids[key] ?? ""))
      )[0]?.code;
    expect(await code("future")).toMatch(/^\d{4}$/);
    expect(await code("today")).toMatch(/^\d{4}$/);
    expect(await code("past")).toBeNull();
    expect(await code("pending")).toBeNull();
  });
});
