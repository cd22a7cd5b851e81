import { expect, test as setup } from "@playwright/test";
import { DEMO_USERS } from "../../app/db/seed/demo-users";
import { ADMIN_STATE, CUSTOMER_STATE } from "./auth-state";
import { asNewVisitor, gotoHydrated, signInAsAdmin, signInWithForm } from "./support";

// Signs the demo accounts in once per run, through the real forms, and saves their cookies
// for the specs (see auth-state.ts). Each sign-in comes from an address of its own, so it
// takes nothing from the per-address sign-in limits the specs that test signing in count on.
// The sessions are used read-only: a spec that signs out must sign in by itself (signing out
// ends the session for every context that shares it).

const [demoAdmin, demoCustomer] = DEMO_USERS;

setup("sign in as the demo super admin", async ({ page }) => {
  await asNewVisitor(page);
  await signInAsAdmin(page, demoAdmin.email, demoAdmin.password);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});

setup("sign in as the demo customer", async ({ page }) => {
  await asNewVisitor(page);
  await gotoHydrated(page, "/signin");
  await signInWithForm(page, demoCustomer.email, demoCustomer.password);
  await expect(page.getByRole("main").getByText(demoCustomer.email)).toBeVisible();
  await page.context().storageState({ path: CUSTOMER_STATE });
});
