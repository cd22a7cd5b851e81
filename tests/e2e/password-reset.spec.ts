import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type SmtpTestServer, startSmtpTestServer } from "../setup/smtp-test-server";
import { freePort, type SpawnedServer, startServer, waitForHealth } from "./spawn-server";
import { gotoHydrated, toasts } from "./support";
import { expect, test } from "./test";

// Forgot password end to end, with the e-mail really sent. The run's shared web server keeps its
// mail in the outbox of a database it holds (PGlite allows one process), so this spec reads the
// link the way a customer does: from an e-mail. It starts an SMTP server of its own and a second
// site server (the build this run made, a throw-away embedded database) configured with
// SMTP_URL pointing at it. Nothing in the app exists only for tests.

let smtp: SmtpTestServer;
let site: SpawnedServer;
let dataDir: string;
let baseUrl: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpTestServer();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-homes-reset-"));
  site = startServer(dataDir, port, {
    SITE_URL: baseUrl,
    SMTP_URL: smtp.url,
    LOG_LEVEL: "warn",
  });
  await waitForHealth(port, 90_000, site);
});

test.afterAll(async () => {
  if (site && site.child.exitCode === null) {
    site.child.kill("SIGTERM");
    await site.exited;
  }
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function signUp(page: Page, email: string, password: string) {
  await gotoHydrated(page, `${baseUrl}/signup`);
  await page.getByLabel("First Name").fill("Amaka");
  await page.getByLabel("Last Name").fill("Eze");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(`${baseUrl}/signin`);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a customer resets a forgotten password with the e-mailed link", async ({ page }) => {
  const email = `amaka.${Date.now()}@example.com`;
  await signUp(page, email, "first-pass1");

  // Sign in page -> Forgot password?
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(`${baseUrl}/forgot-password`);
  // The address can change before the new page is drawn: the sign-in page's own Email field
  // would take the typing.
  await expect(page.getByRole("heading", { level: 1, name: "Forgot Password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(
    page
      .getByRole("main")
      .getByText(
        "If an account exists for that e-mail, we have sent a link to reset your password.",
      ),
  ).toBeVisible();

  const mail = await smtp.waitForMessage((m) => m.to.includes(email));
  expect(mail.subject).toBe("Reset your NaijaHomes Realty password");
  const link = new RegExp(`${baseUrl}/reset-password\\?token=[A-Za-z0-9_-]+`).exec(
    mail.decoded,
  )?.[0];
  expect(link, "the e-mail carries a link to the reset page").toBeTruthy();

  await gotoHydrated(page, link ?? "");
  await page.getByLabel("New Password", { exact: true }).fill("second-pass2");
  await page.getByLabel("Confirm New Password").fill("second-pass2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page).toHaveURL(`${baseUrl}/signin`);
  await expect(
    toasts(page).filter({ hasText: "Your password has been reset. Please sign in." }),
  ).toBeVisible();

  // The old password no longer works; the new one does.
  await signIn(page, email, "first-pass1");
  // In the page, not the toast that repeats it once JavaScript runs.
  await expect(page.getByRole("main").getByText("Invalid email or password")).toBeVisible();
  await signIn(page, email, "second-pass2");
  await expect(page).toHaveURL(`${baseUrl}/dashboard`);

  // The link works once.
  await page.goto(link ?? "");
  await expect(
    page
      .getByRole("main")
      .getByText("This reset link is invalid or has expired. Please request a new one."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
});

test("an unknown e-mail gets the same answer and no e-mail", async ({ page }) => {
  const email = `nobody.${Date.now()}@example.com`;
  await gotoHydrated(page, `${baseUrl}/forgot-password`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(
    page
      .getByRole("main")
      .getByText(
        "If an account exists for that e-mail, we have sent a link to reset your password.",
      ),
  ).toBeVisible();
  await expect(smtp.waitForMessage((m) => m.to.includes(email), 1_500)).rejects.toThrow();
});

test("the forgot-password form works without JavaScript", async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await page.goto(`${baseUrl}/forgot-password`);
  await page.getByLabel("Email").fill("no-js@example.com");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(
    page.getByText(
      "If an account exists for that e-mail, we have sent a link to reset your password.",
    ),
  ).toBeVisible();
});
