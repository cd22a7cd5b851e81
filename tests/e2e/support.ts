import fs from "node:fs";
import type { BrowserContextOptions, Locator, Page } from "@playwright/test";
import { ADMIN_STATE, E2E_PASSWORD, type PremadeAccountKey, premadeAccount } from "./auth-state";
import { expect, type OpenPage, test } from "./test";

// Helpers shared by the specs. They find things the way a user does: roles, labels, text.

/**
 * Waits until React has hydrated the page, so clicks and typing reach React handlers (toasts,
 * client navigation, the unsaved-changes guard): the router is up and app/root.tsx's first
 * effect has marked the document. Text typed into the server's HTML before then is seen by no
 * handler, which made guard tests flaky on a loaded machine.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    const hydrated = document.documentElement.dataset.hydrated === "true";
    return hydrated && router?.state.initialized === true;
  });
}

export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Reloads the page and waits for React, before a click that only a hydrated page answers. */
export async function reloadHydrated(page: Page) {
  await page.reload();
  await waitForHydration(page);
}

/** The toasts on screen (sonner's live region). */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /notifications/i }).getByRole("listitem");
}

/** The property cards in the page's main content. */
export function propertyCards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

/** The 'Showing x-y of n results' line, parsed. */
export async function readResultsLine(page: Page) {
  const line = page.getByText(/Showing [\d,]+-[\d,]+ of [\d,]+\+? results/);
  await expect(line).toBeVisible();
  const text = (await line.textContent()) ?? "";
  const match = /Showing ([\d,]+)-([\d,]+) of ([\d,]+)\+? results/.exec(text.replace(/,/g, ""));
  if (!match) throw new Error(`unexpected results line: ${text}`);
  return { from: Number(match[1]), to: Number(match[2]), total: Number(match[3]) };
}

/**
 * The text as laid out on screen: separate lines and cells stay separate ('3 Beds' then
 * '2 Baths'), where textContent would run them together ('3 Beds2 Baths').
 */
export function visibleText(locator: Locator) {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point.
  return locator.innerText();
}

/** Whole-naira amounts in a text: '₦1,200,000/month' gives [1200000]. */
export function parseNaira(text: string): number[] {
  return [...text.matchAll(/₦\s?([\d,]+)/g)].map((m) => Number((m[1] ?? "").replace(/,/g, "")));
}

/** The price shown on each card, in page order. */
export async function cardPrices(page: Page) {
  const prices: number[] = [];
  for (const card of await propertyCards(page).all()) {
    const [price] = parseNaira(await visibleText(card));
    if (price === undefined) throw new Error("a card shows no naira price");
    prices.push(price);
  }
  return prices;
}

export function expectAscending(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  expect(values).toEqual(sorted);
}

/** The bedroom count a card shows ('3 Beds'), or undefined when it shows none. */
export function bedsIn(text: string) {
  const match = /(\d+)\s*Beds?\b/i.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * Picks an option of a labelled select, whether it is a native <select> or a custom listbox
 * (a combobox that opens a list of options).
 */
export async function chooseOption(
  page: Page,
  field: Locator,
  option: string | RegExp,
): Promise<void> {
  const tag = await field.evaluate((element) => element.tagName);
  if (tag === "SELECT") {
    const label =
      typeof option === "string"
        ? option
        : await field
            .locator("option")
            .filter({ hasText: option })
            .first()
            .textContent()
            .then((text) => (text ?? "").trim());
    await field.selectOption({ label });
    return;
  }
  await field.click();
  await page.getByRole("option", { name: option }).click();
}

/** The URL's query parameters as a plain object. */
export function queryOf(page: Page) {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

export const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Makes every later request of this page come from an address of its own (the e2e server
 * trusts one proxy hop), like a separate visitor: the per-address limits (sign-ups, forms) then
 * count this test alone.
 */
export async function asNewVisitor(page: Page) {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.18.${byte()}.${byte()}` });
}

/** A new, unused e-mail address; `tag` says which spec made it. */
export function freshEmail(tag: string) {
  return `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/**
 * Signs the page's browser context in as the pre-made account `key` (auth-state.ts: this
 * attempt's copy, with the session prepare-accounts.ts saved before the server started), as a
 * new visitor like signUpAndSignIn. Answers the account (e-mail, names, password).
 */
export async function signedInAs(page: Page, key: PremadeAccountKey) {
  const account = premadeAccount(key, test.info().retry);
  if (!fs.existsSync(account.state)) {
    throw new Error(
      `No saved session for ${account.email} (${account.state}): start-server.ts makes one per ` +
        "attempt the configured retries allow (auth-state.ts E2E_RETRIES)",
    );
  }
  const state = JSON.parse(await fs.promises.readFile(account.state, "utf8"));
  await asNewVisitor(page);
  await page.context().addCookies(state.cookies);
  return account;
}

/**
 * Signs up a new customer through the forms and signs in, as a new visitor; ends on
 * /dashboard. Works with and without JavaScript. Answers the e-mail address.
 */
export async function signUpAndSignIn(
  page: Page,
  options: { email?: string; firstName?: string; lastName?: string; js?: boolean } = {},
) {
  const email = options.email ?? freshEmail("customer");
  const open = (url: string) => (options.js === false ? page.goto(url) : gotoHydrated(page, url));
  await asNewVisitor(page);
  await open("/signup");
  await page.getByLabel("First Name").fill(options.firstName ?? "Amaka");
  await page.getByLabel("Last Name").fill(options.lastName ?? "Okafor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByLabel("Confirm Password").fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInWithForm(page, email, E2E_PASSWORD);
  return email;
}

/** A page signed in as the demo super admin (ADMIN_STATE), in a pooled context of its own. */
export function adminPage(openPage: OpenPage, options: BrowserContextOptions = {}) {
  return openPage({ storageState: ADMIN_STATE, ...options });
}

/**
 * Signs in through /admin/login's form and lands on the dashboard (an agent lands on their
 * viewings: pass `landing`).
 */
export async function signInAsAdmin(
  page: Page,
  email: string,
  password: string,
  landing: RegExp = /\/admin\/dashboard$/,
) {
  await gotoHydrated(page, "/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In as Admin" }).click();
  await expect(page).toHaveURL(landing);
}

/** Fills the sign-in form already on screen and waits for the dashboard. */
export async function signInWithForm(page: Page, email: string, password: string) {
  // After a sign-up the address says /signin a moment before the sign-in form replaces the
  // sign-up form, whose Email field has the same label.
  await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

// The first day after a date that offers every slot; one helper for the unit and e2e tests.
export { openDayAfter } from "../setup/dates";

/**
 * A visitor sends a message through the contact form (no JavaScript, a browser of their own), as
 * "Yemi Alade" asking "Is the Ikoyi flat still to let?"; the admin finds it by `email`/`subject`.
 */
export async function visitorSendsMessage(openPage: OpenPage, email: string, subject: string) {
  const page = await openPage({ javaScriptEnabled: false });
  await asNewVisitor(page);
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Send Us a Message" });
  await form.getByLabel("Full Name").fill("Yemi Alade");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message", { exact: true }).fill("Is the Ikoyi flat still to let?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("status")).toContainText("Message Sent");
}
