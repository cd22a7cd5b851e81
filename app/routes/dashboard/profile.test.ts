import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getCurrentSession } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { accounts, sessions, users } from "~/db/schema";
import {
  cookieHeader,
  createSignedInUser,
  signInCookie,
  TEST_PASSWORD,
} from "../../../tests/setup/accounts";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./profile";

await setupTestDatabase();

type Result = {
  intent: string;
  ok: boolean;
  error?: { title: string; message: string };
  fields?: Record<string, string>;
  values?: { fullName: string; phone: string };
};

let ada: Awaited<ReturnType<typeof createSignedInUser>>;
let bola: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  ada = await createSignedInUser("ada@profile.test", "Ada Obi");
  bola = await createSignedInUser("bola@profile.test", "Bola Ade");
});

async function userRow(id: string) {
  const [row] = await db
    .select({
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

async function passwordHash(userId: string) {
  const [row] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row?.password;
}

async function isSignedIn(cookie: string) {
  const request = new Request("http://localhost/dashboard", { headers: { cookie } });
  return (await getCurrentSession(request)) !== null;
}

describe("personal information", () => {
  it("loads the signed-in user's own details", async () => {
    const page = await callLoader<Awaited<ReturnType<typeof loader>>>(
      loader,
      "/dashboard/profile?tab=security",
      { cookie: ada.cookie },
    );
    expect(page.body).toEqual({
      tab: "security",
      email: "ada@profile.test",
      fullName: "Ada Obi",
      phone: "",
    });
  });

  it("saves the full name (split into first and last) and phone of the user only", async () => {
    const bolaBefore = await userRow(bola.id);
    const answer = await callAction<Result>(action, "/dashboard/profile", {
      cookie: ada.cookie,
      form: {
        intent: "profile",
        fullName: "  Ada   Grace Obi ",
        phone: "+234 803 123 4567",
        // Forged: the e-mail cannot be changed and the user comes from the session.
        email: "new@profile.test",
        userId: bola.id,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, intent: "profile" });
    expect(await userRow(ada.id)).toEqual({
      name: "Ada Grace Obi",
      firstName: "Ada",
      lastName: "Grace Obi",
      phone: "+234 803 123 4567",
      email: "ada@profile.test",
    });
    expect(await userRow(bola.id)).toEqual(bolaBefore);
  });

  it("clears the phone when it is left empty", async () => {
    await callAction<Result>(action, "/dashboard/profile", {
      cookie: ada.cookie,
      form: { intent: "profile", fullName: "Ada Obi", phone: "" },
    });
    expect(await userRow(ada.id)).toMatchObject({ phone: null, lastName: "Obi" });
  });

  it.each([
    [{ fullName: "   ", phone: "" }, "fullName", "Please enter your full name"],
    [{ fullName: "Ada Obi", phone: "call me" }, "phone", "Please enter a valid phone number"],
    [{ fullName: "Ada Obi", phone: "123" }, "phone", "Please enter a valid phone number"],
  ])("refuses %o and changes nothing", async (values, field, message) => {
    const before = await userRow(ada.id);
    const answer = await callAction<Result>(action, "/dashboard/profile", {
      cookie: ada.cookie,
      form: { intent: "profile", ...values },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toBe(message);
    expect(answer.body).toMatchObject({ ok: false, intent: "profile" });
    expect(answer.body.error).toEqual({ title: "Update Failed", message });
    expect(answer.body.values).toEqual(values);
    expect(await userRow(ada.id)).toEqual(before);
  });

  it("answers 400 to an unknown intent", async () => {
    expect(
      (
        await callAction<Result>(action, "/dashboard/profile", {
          cookie: ada.cookie,
          form: { intent: "delete" },
        })
      ).status,
    ).toBe(400);
  });
});

describe("password change", () => {
  it("refuses a mismatched confirmation with the spec's message", async () => {
    const before = await passwordHash(ada.id);
    const answer = await callAction<Result>(action, "/dashboard/profile", {
      cookie: ada.cookie,
      form: {
        intent: "password",
        currentPassword: TEST_PASSWORD,
        newPassword: "brand-new-1",
        confirmPassword: "brand-new-2",
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, intent: "password" });
    expect(answer.body.error).toEqual({
      title: "Password Mismatch",
      message: "New passwords do not match",
    });
    expect(JSON.stringify(answer.body)).not.toContain("brand-new");
    expect(await passwordHash(ada.id)).toBe(before);
  });

  it("refuses a new password shorter than 6 characters", async () => {
    const answer = await callAction<Result>(action, "/dashboard/profile", {
      cookie: ada.cookie,
      form: {
        intent: "password",
        currentPassword: TEST_PASSWORD,
        newPassword: "abc",
        confirmPassword: "abc",
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.newPassword).toBe("Password must be at least 6 characters long");
  });

  it("checks the current password on the server: a wrong one changes nothing", async () => {
    const other = await signInCookie(ada.email);
    const before = await passwordHash(ada.id);
    const sessionsBefore = await db.select().from(sessions).where(eq(sessions.userId, ada.id));
    const answer = await callAction<Result>(action, "/dashboard/profile", {
      cookie: ada.cookie,
      form: {
        intent: "password",
        currentPassword: "not-my-password",
        newPassword: "brand-new-1",
        confirmPassword: "brand-new-1",
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      title: "Password Change Failed",
      message: "Your current password is incorrect",
    });
    expect(answer.body.fields?.currentPassword).toBe("Your current password is incorrect");
    expect(JSON.stringify(answer.body)).not.toContain("not-my-password");
    expect(await passwordHash(ada.id)).toBe(before);
    expect(await db.select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual(
      sessionsBefore,
    );
    expect(await isSignedIn(other)).toBe(true);
  });

  it("with the right one, changes it, signs out every other session and keeps this browser in", async () => {
    const otherDevice = await signInCookie(ada.email);
    const bolaSessions = await db.select().from(sessions).where(eq(sessions.userId, bola.id));
    const answer = await callAction<Result>(action, "/dashboard/profile", {
      cookie: ada.cookie,
      form: {
        intent: "password",
        currentPassword: TEST_PASSWORD,
        newPassword: "brand-new-1",
        confirmPassword: "brand-new-1",
      },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/dashboard/profile?tab=security");
    expect(answer.cookies.join()).toContain("flash=passwordUpdated");

    // This browser: the new session cookie it was given works.
    const thisBrowser = cookieHeader(answer.cookies.filter((c) => !c.startsWith("flash=")));
    expect(await isSignedIn(thisBrowser)).toBe(true);
    // Every other session of Ada's is gone; Bola's are untouched.
    expect(await isSignedIn(otherDevice)).toBe(false);
    expect(await isSignedIn(ada.cookie)).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, ada.id))).toHaveLength(1);
    expect(await db.select().from(sessions).where(eq(sessions.userId, bola.id))).toEqual(
      bolaSessions,
    );

    // The new password signs in, the old one no longer does.
    expect(await signInCookie(ada.email, "brand-new-1")).toContain("session_token");
    await expect(signInCookie(ada.email, TEST_PASSWORD)).rejects.toThrow();
    ada.cookie = thisBrowser;
  });

  it("sends a signed-out visitor to sign in", async () => {
    const answer = await callAction<Result>(action, "/dashboard/profile", {
      form: { intent: "password" },
    });
    expect(answer.location).toBe("/signin?redirectTo=%2Fdashboard%2Fprofile");
  });
});
