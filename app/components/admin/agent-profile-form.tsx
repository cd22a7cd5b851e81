import { Link } from "react-router";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { SubmitButton } from "~/components/ui/button";
import { CheckboxField, fieldBinder, TextField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors, FormMessage } from "~/lib/action-result";
import { AGENT_PROFILE_LABELS, agentProfilePath, REGISTRATION_NOTE } from "~/lib/agent-profile";
import { PHONE_MAX_LENGTH } from "~/lib/phone";
import { AGENT_PROFILE_LIMITS, type AgentProfileValues } from "~/lib/schemas/agent-profile";

// An agent's public profile as the office edits it, on the agent's account (/admin/users/:id;
// issue 45 item 3). The name, photo and position come from the team card linked to the
// account: the form says where they are edited.

export const AGENT_PROFILE_INTENT = "agent-profile";

export function AgentProfileForm({
  slug,
  signInEmail,
  member,
  values,
  errors,
  error,
  version,
  back,
  state,
}: {
  slug: string;
  signInEmail: string;
  member: { id: string; name: string; hasPhoto: boolean } | null;
  values: Partial<AgentProfileValues>;
  errors: FieldErrors;
  error?: FormMessage;
  version: string;
  back: string;
  state: unknown;
}) {
  const pending = useIsPending({ intent: AGENT_PROFILE_INTENT });
  const bind = fieldBinder<keyof AgentProfileValues>(values, errors);
  return (
    <section aria-labelledby="agent-profile-heading" className="space-y-3 border-t pt-4">
      <h2 id="agent-profile-heading" className="text-lg font-semibold text-slate-900">
        Public agent profile
      </h2>
      <p className="text-sm text-slate-600">
        Shown on{" "}
        <Link to={agentProfilePath(slug)} className="text-brand-700 hover:underline">
          {agentProfilePath(slug)}
        </Link>{" "}
        and linked from every listing this agent handles.{" "}
        {member ? (
          <>
            Name, position and photo{member.hasPhoto ? "" : " (none yet)"} come from the team card{" "}
            <Link to={`/admin/team/${member.id}`} className="text-brand-700 hover:underline">
              {member.name}
            </Link>
            .
          </>
        ) : (
          "Link a team card to this account (Team Members) to show a photo and a position."
        )}
      </p>
      <AdminForm
        method="post"
        state={state}
        version={version}
        className="space-y-4"
        noValidate
        error={error}
        intent={AGENT_PROFILE_INTENT}
      >
        <input type="hidden" name="back" value={back} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={AGENT_PROFILE_LABELS.staffId}
            {...bind("staffId")}
            optional
            autoComplete="off"
            maxLength={AGENT_PROFILE_LIMITS.staffId}
            hint="e.g. NH-0142"
          />
          <TextField
            label={AGENT_PROFILE_LABELS.lasreraNumber}
            {...bind("lasreraNumber")}
            optional
            autoComplete="off"
            maxLength={AGENT_PROFILE_LIMITS.registration}
          />
          <TextField
            label={AGENT_PROFILE_LABELS.esvarbonNumber}
            {...bind("esvarbonNumber")}
            optional
            autoComplete="off"
            maxLength={AGENT_PROFILE_LIMITS.registration}
          />
        </div>
        <p className="text-xs text-slate-500">{REGISTRATION_NOTE} The profile says so.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={AGENT_PROFILE_LABELS.officialPhone}
            {...bind("officialPhone")}
            type="tel"
            optional
            autoComplete="off"
            maxLength={PHONE_MAX_LENGTH}
            hint="The number their listings show and customers may call."
          />
          <TextField
            label={AGENT_PROFILE_LABELS.officialWhatsapp}
            {...bind("officialWhatsapp")}
            type="tel"
            optional
            autoComplete="off"
            maxLength={PHONE_MAX_LENGTH}
            hint="Chats about their listings go here (else to the official phone)."
          />
        </div>
        <TextField
          label={AGENT_PROFILE_LABELS.publicEmail}
          {...bind("publicEmail")}
          type="email"
          optional
          autoComplete="off"
          maxLength={AGENT_PROFILE_LIMITS.email}
          hint="Shown to the public. Not the sign-in address unless ticked below."
        />
        <CheckboxField
          label={`${AGENT_PROFILE_LABELS.publicEmailIsSignIn} (${signInEmail})`}
          name="publicEmailIsSignIn"
          defaultChecked={values.publicEmailIsSignIn === "on"}
          error={errors.publicEmailIsSignIn}
        />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save Agent Profile
        </SubmitButton>
      </AdminForm>
    </section>
  );
}
