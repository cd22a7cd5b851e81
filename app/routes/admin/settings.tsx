import { data, Form } from "react-router";
import { getCurrentSession, requireAdmin, signOut } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AVAILABILITY_INTENT, AvailabilityPanel } from "~/components/admin/availability-panel";
import { FEE_TERMS_INTENT, FeeTermsPanel } from "~/components/admin/fee-terms-panel";
import {
  AdminsPanel,
  DangerZone,
  GeneralPanel,
  PasswordPanel,
} from "~/components/admin/settings-panels";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { selectedTab, UrlTabs } from "~/components/ui/tabs";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  limitAttempt,
  redirectWithFlash,
  retryAfterHeaders,
  unknownIntent,
} from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { DEFAULT_FEE_TERMS } from "~/lib/fee-terms";
import {
  GENERAL_BOOKINGS,
  GENERAL_BOOKINGS_LABELS,
  type GeneralBookings,
  isGeneralBookings,
} from "~/lib/general-bookings";
import { can } from "~/lib/permissions";
import {
  addAdminSchema,
  adminPasswordSchema,
  deleteAccountSchema,
  isNotificationSetting,
  isSettingInEffect,
  NOTIFICATION_SETTINGS,
  requiredSetting,
  SETTINGS_MESSAGES,
} from "~/lib/schemas/admin-settings";
import { AVAILABILITY_MESSAGES, availabilityRulesSchema } from "~/lib/schemas/availability";
import { FEE_TERMS_MESSAGES, feeTermsSchema } from "~/lib/schemas/fee-terms";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import {
  addAdminAccount,
  changeOwnPassword,
  countActiveSuperAdmins,
  deleteOwnAccount,
  getNotificationSettings,
  listAdminAccounts,
  removeAdminAccount,
  updateNotificationSetting,
} from "~/models/admin-settings.server";
import { getGeneralBookings, setGeneralBookings } from "~/models/booking-rota.server";
import { getFeeTermsForAdmin, setFeeTerms } from "~/models/fee-terms.server";
import { readAvailabilityRules, setAvailabilityRules } from "~/models/property-visibility.server";
import { RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/settings";

// /admin/settings: General (the admin's two notification switches, which the mail code obeys),
// Security (their password, and the Danger Zone to delete their account) and, for super admins
// only, Admins (list, add with e-mail and password, remove). One action, told apart by
// `intent`; the super-admin-only intents are refused (403, nothing written) for other admins.
// Agents (issue 47) have the page for their own switches and password only: the office's
// settings (general bookings, fee terms) and deleting the account are refused them (403) and not
// shown, and every write here is to the signed-in account's own rows (the models take the actor).

const SETTINGS = "/admin/settings";

const TABS = [
  { id: "general", label: "General" },
  { id: "security", label: "Security" },
  { id: "admins", label: "Admins" },
] as const;

function tabsFor(actor: AdminActor) {
  return actor.isSuperAdmin ? TABS : TABS.filter((tab) => tab.id !== "admins");
}

/** The 403 of an office intent (general bookings, fee terms, deleting a staff account) asked by an agent. */
function officeOnly(intent: string) {
  return failed(403, {
    intent,
    error: { title: "Error", message: "Only the office's admins can change this." },
  });
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const url = new URL(args.request.url);
  const tab = selectedTab(url, tabsFor(actor));
  const office = can(actor, "office:manage");
  try {
    const [settings, admins, superAdmins, generalBookings, feeTerms, availability] =
      await Promise.all([
        getNotificationSettings(actor),
        tab === "admins" ? listAdminAccounts(actor) : Promise.resolve([]),
        actor.isSuperAdmin ? countActiveSuperAdmins(actor) : Promise.resolve(0),
        office ? getGeneralBookings(actor) : Promise.resolve(null),
        office ? getFeeTermsForAdmin(actor) : Promise.resolve(null),
        office ? readAvailabilityRules() : Promise.resolve(null),
      ]);
    return {
      tab,
      tabs: tabsFor(actor),
      settings,
      generalBookings,
      feeTerms,
      availability,
      admins,
      adding: tab === "admins" && url.searchParams.get("add") === "1",
      viewer: { id: actor.id, isSuperAdmin: actor.isSuperAdmin, office },
      lastSuperAdmin: actor.isSuperAdmin && superAdmins <= 1,
    };
  } catch (error) {
    logger.error({ err: error }, "Could not load the admin settings");
    throw data(tab === "admins" ? SETTINGS_MESSAGES.loadAdminsFailed : "Failed to load settings", {
      status: 500,
    });
  }
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const office = can(actor, "office:manage");
  switch (intent) {
    case "notification":
      return saveNotification(actor, form);
    case "general-bookings":
      return office ? saveGeneralBookings(actor, form) : officeOnly(intent);
    case FEE_TERMS_INTENT:
      return office ? saveFeeTerms(actor, form) : officeOnly(intent);
    case AVAILABILITY_INTENT:
      return office ? saveAvailability(actor, form) : officeOnly(intent);
    case "password":
      return savePassword(actor, form, args.request);
    case "delete-account":
      // A staff account's work (listings, viewings) is the office's to hand over first.
      return office ? deleteAccount(actor, form, args.request) : officeOnly(intent);
    case "add-admin":
      return addAdmin(actor, form);
    case "remove-admin":
      return removeAdmin(actor, form);
    default:
      return unknownIntent();
  }
}

async function saveNotification(actor: AdminActor, form: FormData) {
  const setting = form.get("setting");
  if (!isNotificationSetting(setting)) {
    return badRequest({
      intent: "notification",
      error: { title: "Error", message: "Unknown setting." },
    });
  }
  const enabled = form.get("enabled") === "on";
  const required = requiredSetting(setting);
  if (enabled && required && !isSettingInEffect(await getNotificationSettings(actor), required)) {
    // The page shows this switch off and locked; a post that tries anyway changes nothing.
    const entry: { label: string; offWhile?: string } = NOTIFICATION_SETTINGS[setting];
    return badRequest({
      intent: "notification",
      error: { title: entry.label, message: entry.offWhile ?? "" },
    });
  }
  await updateNotificationSetting(actor, setting, enabled);
  const flash =
    setting === "notifications"
      ? enabled
        ? "notificationsEnabled"
        : "notificationsDisabled"
      : enabled
        ? "emailNotificationsEnabled"
        : "emailNotificationsDisabled";
  throw redirectWithFlash(`${SETTINGS}?tab=general`, flash);
}

/** Where general bookings (no listing) go: the admins or the agents' rota; audited. */
async function saveGeneralBookings(actor: AdminActor, form: FormData) {
  const to = form.get("generalBookings");
  if (!isGeneralBookings(to)) {
    return badRequest({
      intent: "general-bookings",
      error: { title: "Error", message: "Choose Admins or A rota of agents." },
    });
  }
  await setGeneralBookings(actor, to);
  throw redirectWithFlash(`${SETTINGS}?tab=general`, "generalBookingsSaved");
}

/**
 * The agency's fee terms (issue 45): its percentages on a rental and on a sale, the most rent in
 * advance, and the limits a rental listing's fees must keep (issue 46), audited.
 */
async function saveFeeTerms(actor: AdminActor, form: FormData) {
  const intent = FEE_TERMS_INTENT;
  const values = Object.fromEntries(
    Object.keys(DEFAULT_FEE_TERMS).map((key) => [key, String(form.get(key) ?? "")]),
  );
  const parsed = feeTermsSchema().safeParse(values);
  if (!parsed.success) {
    return badRequest({
      intent,
      error: FEE_TERMS_MESSAGES.failed,
      fields: fieldErrorsOf(parsed.error),
      values,
    });
  }
  await setFeeTerms(actor, parsed.data);
  throw redirectWithFlash(`${SETTINGS}?tab=general`, "feeTermsSaved");
}

/** The dated availability periods (issue 46), in days, audited. */
async function saveAvailability(actor: AdminActor, form: FormData) {
  const intent = AVAILABILITY_INTENT;
  const keys = ["rentDays", "saleDays", "reminderDays", "closedBadgeDays"] as const;
  const values = Object.fromEntries(keys.map((key) => [key, String(form.get(key) ?? "")]));
  const parsed = availabilityRulesSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    return badRequest({ intent, error: AVAILABILITY_MESSAGES.failed, fields, values });
  }
  await setAvailabilityRules(actor, parsed.data);
  throw redirectWithFlash(`${SETTINGS}?tab=general`, "availabilitySaved");
}

async function savePassword(actor: AdminActor, form: FormData, request: Request) {
  const intent = "password";
  const parsed = adminPasswordSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const mismatch = fields.confirmPassword === SETTINGS_MESSAGES.passwordMismatch.message;
    const error = mismatch
      ? SETTINGS_MESSAGES.passwordMismatch
      : {
          title: SETTINGS_MESSAGES.passwordFailed.title,
          message: Object.values(fields)[0] ?? SETTINGS_MESSAGES.passwordMissing,
        };
    return badRequest({ intent, error, fields });
  }
  const limited = await limitAttempt(rateLimitKey("passwordChange", actor.id), RATE_LIMITS.signIn, {
    intent,
    title: SETTINGS_MESSAGES.passwordFailed.title,
  });
  if (limited) return limited;
  const current = await getCurrentSession(request);
  try {
    const changed = await changeOwnPassword(actor, {
      currentPassword: parsed.data.currentPassword,
      newPassword: parsed.data.newPassword,
      keepSessionId: current?.session.id ?? "",
    });
    if (!changed.ok) {
      const message = SETTINGS_MESSAGES.wrongCurrent;
      const error = { title: SETTINGS_MESSAGES.passwordFailed.title, message };
      return badRequest({ intent, error, fields: { currentPassword: message } });
    }
  } catch (error) {
    logger.error({ err: error }, "An admin's password change failed");
    return failed(500, { intent, error: SETTINGS_MESSAGES.passwordFailed });
  }
  throw redirectWithFlash(`${SETTINGS}?tab=security`, "adminPasswordUpdated");
}

async function deleteAccount(actor: AdminActor, form: FormData, request: Request) {
  const intent = "delete-account";
  const values = { confirmation: String(form.get("confirmation") ?? "") };
  const parsed = deleteAccountSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const error = {
      title: SETTINGS_MESSAGES.deleteFailed.title,
      message: SETTINGS_MESSAGES.deleteConfirm,
    };
    return badRequest({ intent, error, fields, values });
  }
  const deleted = await deleteOwnAccount(actor);
  if (!deleted.ok) {
    const message =
      deleted.reason === "last-super-admin"
        ? SETTINGS_MESSAGES.lastSuperAdminDelete
        : SETTINGS_MESSAGES.deleteFailed.message;
    return failed(409, {
      intent,
      error: { title: SETTINGS_MESSAGES.deleteFailed.title, message },
      values,
    });
  }
  // The sessions went with the account; this clears the browser's cookie.
  const headers = await signOut(request);
  throw redirectWithFlash("/admin/login", "accountDeleted", { headers });
}

/** The 403 of a super-admin-only intent asked by another admin: nothing is written. */
function superAdminOnly(intent: string, title: string) {
  return failed(403, { intent, error: { title, message: SETTINGS_MESSAGES.superAdminOnly } });
}

async function addAdmin(actor: AdminActor, form: FormData) {
  const intent = "add-admin";
  const title = SETTINGS_MESSAGES.addAdminFailed.title;
  if (!actor.isSuperAdmin) return superAdminOnly(intent, title);
  const values = {
    email: String(form.get("email") ?? ""),
    fullName: String(form.get("fullName") ?? ""),
  };
  const parsed = addAdminSchema().safeParse({ ...values, password: form.get("password") });
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const missing = Object.values(fields).includes(SETTINGS_MESSAGES.addAdminMissing.message);
    const error = missing
      ? SETTINGS_MESSAGES.addAdminMissing
      : { title, message: Object.values(fields)[0] ?? SETTINGS_MESSAGES.addAdminFailed.message };
    return badRequest({ intent, error, fields, values });
  }
  try {
    const added = await addAdminAccount(actor, parsed.data);
    if (!added.ok) {
      if (added.reason === "super-admin-only") return superAdminOnly(intent, title);
      const message = SETTINGS_MESSAGES.exists;
      return badRequest({ intent, error: { title, message }, fields: { email: message }, values });
    }
  } catch (error) {
    logger.error({ err: error }, "Adding an admin failed");
    return failed(500, { intent, error: SETTINGS_MESSAGES.addAdminFailed, values });
  }
  throw redirectWithFlash(`${SETTINGS}?tab=admins`, "adminUserAdded");
}

async function removeAdmin(actor: AdminActor, form: FormData) {
  const intent = "remove-admin";
  const title = SETTINGS_MESSAGES.removeAdminFailed.title;
  if (!actor.isSuperAdmin) return superAdminOnly(intent, title);
  if (!isConfirmed(form)) return askToConfirm(form, "Remove this admin?");
  const removed = await removeAdminAccount(actor, String(form.get("userId") ?? ""));
  if (!removed.ok) {
    const message = {
      "super-admin-only": SETTINGS_MESSAGES.superAdminOnly,
      "not-found": SETTINGS_MESSAGES.notAdmin,
      self: SETTINGS_MESSAGES.removeSelf,
      "last-super-admin": SETTINGS_MESSAGES.lastSuperAdmin,
    }[removed.reason];
    const status = removed.reason === "not-found" ? 404 : 403;
    return failed(status, { intent, error: { title, message } });
  }
  throw redirectWithFlash(`${SETTINGS}?tab=admins`, "adminUserRemoved");
}

export default function AdminSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    tab,
    tabs,
    settings,
    generalBookings,
    feeTerms,
    availability,
    admins,
    adding,
    viewer,
    lastSuperAdmin,
  } = loaderData;
  const failure = failureOf(actionData);
  const failed = (intent: string) => (failure?.intent === intent ? failure : undefined);
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
        <p className="mt-1 text-slate-600">Your notifications, password and account.</p>
      </div>
      <UrlTabs tabs={tabs} current={tab} label="Settings sections" />
      {tab === "general" ? (
        <>
          <GeneralPanel settings={settings} failure={failed("notification")} />
          {generalBookings ? (
            <GeneralBookingsPanel
              current={generalBookings}
              error={failed("general-bookings")?.error}
            />
          ) : null}
          {feeTerms ? <FeeTermsPanel terms={feeTerms} failure={failed(FEE_TERMS_INTENT)} /> : null}
          {availability ? (
            <AvailabilityPanel rules={availability} failure={failed(AVAILABILITY_INTENT)} />
          ) : null}
        </>
      ) : null}
      {tab === "security" ? (
        <>
          <PasswordPanel failure={failed("password")} />
          {viewer.office ? (
            <DangerZone failure={failed("delete-account")} lastSuperAdmin={lastSuperAdmin} />
          ) : null}
        </>
      ) : null}
      {tab === "admins" ? (
        <AdminsPanel admins={admins} viewerId={viewer.id} adding={adding} failure={failure} />
      ) : null}
    </div>
  );
}

/** The office's choice of who gets a booking made without a listing. */
function GeneralBookingsPanel({
  current,
  error,
}: {
  current: GeneralBookings;
  error: React.ComponentProps<typeof FormAlert>["error"];
}) {
  const pending = useIsPending({ intent: "general-bookings" });
  return (
    <Card as="section" aria-labelledby="general-bookings-title" className="space-y-3">
      <h2 id="general-bookings-title" className="text-lg font-semibold text-slate-900">
        General bookings
      </h2>
      <p className="text-sm text-slate-600">
        A booking made without a listing goes to the admins, or to the active agents in turn (each
        new one to the agent who has waited longest), who get the e-mail with the calendar file
        instead. With no active agent it goes to the admins.
      </p>
      <FormAlert error={error} />
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="general-bookings" />
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">General bookings go to</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {GENERAL_BOOKINGS.map((choice) => (
              <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="generalBookings"
                  value={choice}
                  defaultChecked={choice === current}
                  className="size-4 accent-brand-700"
                />
                {GENERAL_BOOKINGS_LABELS[choice]}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load settings" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Settings | Admin | ${COMPANY_NAME}` }];
