import { ExternalLink, UserPlus } from "lucide-react";
import { data } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { type OrderedColumn, OrderedTable } from "~/components/admin/ordered-list";
import { RecordRowActions, RecordTitleLink } from "~/components/admin/record-delete";
import { useListWithRecord } from "~/components/admin/record-view";
import { MediaImage } from "~/components/media-image";
import { LinkButton } from "~/components/ui/button";
import { badRequest } from "~/lib/http.server";
import { PLACEHOLDER_PORTRAIT, responsiveImage } from "~/lib/images";
import { logger } from "~/lib/logger.server";
import { orderedListAction } from "~/lib/ordered-list-action.server";
import { readForm } from "~/lib/read-form.server";
import { TEAM_MESSAGES } from "~/lib/schemas/team";
import { COMPANY_NAME } from "~/lib/site";
import {
  type AdminTeamMember,
  listTeamMembersForAdmin,
  moveTeamMember,
  setTeamMemberActive,
} from "~/models/admin-team.server";
import type { Route } from "./+types/team";

// /admin/team ('Team Members'): every member in the order /team shows the active ones (Profile,
// Name, Position, Contact, Actions). Reorder with the buttons or by dragging, switch a member
// on or off the team page, add and edit over the list (./team-new.tsx, ./team-member.tsx),
// delete after 'Are you sure you want to delete this team member?'.

const LIST = "/admin/team";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  try {
    return { members: await listTeamMembersForAdmin(actor) };
  } catch (error) {
    logger.error({ err: error }, "Could not load the team members");
    throw data(TEAM_MESSAGES.loadFailed, { status: 500 });
  }
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const answer = await orderedListAction(form, {
    list: LIST,
    move: (id, to) => moveTeamMember(actor, id, to),
    setActive: (id, active) => setTeamMemberActive(actor, id, active),
    flash: { updated: "teamMemberUpdated", reorderFailed: "teamReorderFailed" },
    messages: {
      reorderFailed: TEAM_MESSAGES.reorderFailed,
      updateFailed: TEAM_MESSAGES.updateFailed,
    },
  });
  return answer ?? badRequest({ error: { title: "Error", message: "Unknown action." } });
}

function columns(back: string): readonly OrderedColumn<AdminTeamMember>[] {
  return [
    {
      id: "profile",
      header: "Profile",
      cell: (member) => (
        <MediaImage
          {...(member.imageUrl
            ? responsiveImage(member.imageUrl, "3rem", 160)
            : { src: PLACEHOLDER_PORTRAIT })}
          alt=""
          whenBroken="placeholder"
          placeholder={PLACEHOLDER_PORTRAIT}
          width={48}
          height={48}
          className="size-12 rounded-full bg-slate-100 object-cover"
        />
      ),
    },
    {
      id: "name",
      header: "Name",
      rowHeader: true,
      cell: (member) => (
        <RecordTitleLink href={`${LIST}/${member.id}`} back={back}>
          {member.name}
        </RecordTitleLink>
      ),
    },
    { id: "position", header: "Position", cell: (member) => member.position },
    {
      id: "contact",
      header: "Contact",
      className: "break-all",
      cell: (member) =>
        member.email || member.phone ? (
          <div className="space-y-0.5">
            {member.email ? <div>{member.email}</div> : null}
            {member.phone ? <div className="whitespace-nowrap">{member.phone}</div> : null}
          </div>
        ) : (
          <span className="text-slate-500">-</span>
        ),
    },
  ];
}

export default function AdminTeamPage({ loaderData }: Route.ComponentProps) {
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  const { members } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Team Members</h1>
          <p className="mt-1 text-slate-600">
            The Team page shows the active members, in this order.{" "}
            <a
              href="/team"
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              View the Team page
              <ExternalLink className="ml-1 inline size-3.5" aria-hidden />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        </div>
        <LinkButton to={`${LIST}/new`} state={{ back }} size="md">
          <UserPlus className="size-4" aria-hidden />
          Add Team Member
        </LinkButton>
      </div>
      <OrderedTable
        caption="Team members"
        rows={members}
        columns={columns(back)}
        itemLabel={(member) => member.name}
        actions={(member) => (
          <RecordRowActions
            href={`${LIST}/${member.id}`}
            name={member.name}
            back={back}
            question={TEAM_MESSAGES.deleteQuestion}
            description={`${member.name} is removed from the Team page and from this list. This cannot be undone.`}
          />
        )}
        action={LIST}
        back={back}
        emptyMessage="No team members yet. Add the first one: the Team page shows a contact note until then."
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={TEAM_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Team Members | Admin | ${COMPANY_NAME}` }];
