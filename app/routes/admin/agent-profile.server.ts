import { saveMerging, versionToken } from "~/http/edit-merge.server";
import { badRequest, failed, notFound, redirectWithFlash } from "~/http/responses.server";
import type { AdminActor } from "~/lib/admin-actor";
import { mergeFieldsOf } from "~/lib/edit-conflict";
import {
  AGENT_PROFILE_FIELDS,
  AGENT_PROFILE_MESSAGES,
  type AgentProfileValues,
  agentProfileSchema,
} from "~/lib/schemas/agent-profile";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  type AdminAgentProfile,
  getAgentProfileForAdmin,
  saveAgentProfile,
} from "~/models/agent-profile.server";

// The "Public agent profile" form on an agent's account (/admin/users/:id, issue 45 item 3):
// what the loader gives it and the action's intent, beside the account's own form in user.tsx.

const INTENT = "agent-profile";

const MERGE_FIELDS = mergeFieldsOf(AGENT_PROFILE_FIELDS, { publicEmailIsSignIn: "flag" });

/** The form's values for a stored profile (a ticked box posts "on"). */
export function agentProfileValues(profile: AdminAgentProfile): AgentProfileValues {
  return {
    staffId: profile.staffId ?? "",
    lasreraNumber: profile.lasreraNumber ?? "",
    esvarbonNumber: profile.esvarbonNumber ?? "",
    officialPhone: profile.officialPhone ?? "",
    officialWhatsapp: profile.officialWhatsapp ?? "",
    publicEmail: profile.publicEmail ?? "",
    publicEmailIsSignIn: profile.publicEmailIsSignIn ? "on" : "",
  };
}

function postedValues(form: FormData): AgentProfileValues {
  const values = Object.fromEntries(
    AGENT_PROFILE_FIELDS.map((name) => [name, String(form.get(name) ?? "")]),
  ) as AgentProfileValues;
  return values;
}

/** The agent's profile for the form, its version signed with its values; null for others. */
export async function loadAgentProfileForm(actor: AdminActor, userId: string) {
  const profile = await getAgentProfileForAdmin(actor, userId);
  if (!profile) return null;
  const values = agentProfileValues(profile);
  return { ...profile, values, version: versionToken(profile.version, values) };
}

/** The intent "agent-profile": checks, saves (merged with a colleague's save), redirects. */
export async function saveAgentProfileForm(
  actor: AdminActor,
  userId: string,
  form: FormData,
  back: string,
) {
  const values = postedValues(form);
  const title = AGENT_PROFILE_MESSAGES.saveFailed;
  const saved = await saveMerging({
    form,
    fields: MERGE_FIELDS,
    save: async (merged, version) => {
      const posted = postedValues(merged);
      const parsed = agentProfileSchema().safeParse(posted);
      if (!parsed.success) {
        const fields = fieldErrorsOf(parsed.error);
        const message = Object.values(fields)[0] ?? title;
        return badRequest({ intent: INTENT, error: { title, message }, fields, values: posted });
      }
      return saveAgentProfile(actor, userId, parsed.data, version);
    },
    current: async () => {
      const now = await getAgentProfileForAdmin(actor, userId);
      return now && { version: now.version, values: agentProfileValues(now) };
    },
    extra: { intent: INTENT, values },
  });
  if (!saved.ok) return saved.response;
  const result = saved.result;
  if (!("ok" in result)) return result;
  if (result.ok) {
    throw redirectWithFlash(
      back,
      saved.theirsKept.length ? "savedWithTheirs" : "agentProfileUpdated",
    );
  }
  if (result.reason === "not-found") notFound();
  if (result.reason === "not-agent") {
    const message = AGENT_PROFILE_MESSAGES.notAgent;
    return failed(409, { intent: INTENT, error: { title, message }, values });
  }
  const message = AGENT_PROFILE_MESSAGES.staffIdTaken;
  return badRequest({
    intent: INTENT,
    error: { title, message },
    fields: { staffId: message },
    values,
  });
}
