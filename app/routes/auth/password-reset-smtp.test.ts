import { afterAll, describe, expect, it } from "vitest";
import { registerAccount } from "~/auth/accounts.server";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { settleBackgroundMail } from "~/mail/mail.server";
import { closeMailTransports } from "~/mail/mail-transport.server";
import { setTestEnv } from "../../../tests/setup/env";
import { routeArgs } from "../../../tests/setup/route-calls";
import { startSmtpTestServer } from "../../../tests/setup/smtp-test-server";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as forgotAction } from "./forgot-password";

// The reset e-mail through a real SMTP server, configured the way an operator does: SMTP_URL.
const smtp = await startSmtpTestServer();
setTestEnv({ SMTP_URL: smtp.url, SITE_URL: "https://naijahomes.example" });
await setupTestDatabase();

afterAll(async () => {
  closeMailTransports();
  await smtp.close();
});

function requestReset(email: string) {
  return forgotAction(routeArgs("/forgot-password", { form: { email }, ip: "198.51.100.4" }));
}

describe("password reset e-mail over SMTP", () => {
  it("arrives at the SMTP server with a working link to our reset page", async () => {
    await registerAccount({
      firstName: "Bola",
      lastName: "Ade",
      email: "bola@example.com",
      password: "oldsecret1",
    });
    await requestReset("bola@example.com");
    // What the server's sender does moments later.
    await settleBackgroundMail();
    const mail = await smtp.waitForMessage((m) => m.to.includes("bola@example.com"));

    expect(mail.to).toEqual(["bola@example.com"]);
    expect(mail.subject).toBe("Reset your NaijaHomes Realty password");
    const link = /https:\/\/naijahomes\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(
      mail.decoded,
    );
    expect(link?.[1]).toBeTruthy();

    // The link's token resets the password.
    await getAuth().api.resetPassword({
      body: { token: link?.[1] ?? "", newPassword: "newsecret2" },
    });
    await expect(
      getAuth().api.signInEmail({ body: { email: "bola@example.com", password: "newsecret2" } }),
    ).resolves.toBeTruthy();

    const rows = await db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", transport: "smtp", error: null, attempts: 1 });
  });

  it("answers the visitor the same when the SMTP server is down", async () => {
    await registerAccount({
      firstName: "Tunde",
      lastName: "Bello",
      email: "tunde@example.com",
      password: "oldsecret1",
    });
    await smtp.close();
    const result = await requestReset("tunde@example.com");
    await settleBackgroundMail();
    expect(result).toEqual({ ok: true });
    const rows = await db.select().from(mailOutbox);
    const failed = rows.find((r) => r.to === "tunde@example.com");
    expect(failed?.sentAt).toBeNull();
    expect(failed?.error).toMatch(/ECONNREFUSED/);
    // Still queued, for another attempt after a backoff.
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});
