import { AdminRouteError } from "~/components/admin/admin-route-error";
import type { OrderedColumn } from "~/components/admin/ordered-list";
import { OrderedListPage } from "~/components/admin/ordered-list-screens";
import { RecordTitleLink } from "~/components/admin/record-delete";
import { staffAccountLabel, TEAM_SCREEN } from "~/components/admin/team-form";
import { PhoneLinks } from "~/components/contact-links";
import { UserPlus } from "~/components/icons";
import { MediaImage } from "~/components/media-image";
import { PLACEHOLDER_PORTRAIT, responsiveImage } from "~/lib/images";
import { TEAM_MESSAGES } from "~/lib/schemas/team";
import { COMPANY_NAME } from "~/lib/site";
import type { AdminTeamRow } from "~/models/admin-team.server";
import type { Route } from "./+types/team";
import { TEAM_ROUTES } from "./ordered-lists.server";

// /admin/team ('Team Members'): every member in the order /team shows the active ones (Profile,
// Name with the linked staff account, Position, Contact, Actions). Reorder with the buttons or by dragging, switch a member
// on or off the team page, add and edit over the list (./team-new.tsx, ./team-member.tsx),
// delete after 'Are you sure you want to delete this team member?'.

export const loader = TEAM_ROUTES.listLoader;
export const action = TEAM_ROUTES.listAction;

function columns(back: string): readonly OrderedColumn<AdminTeamRow>[] {
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
      // The linked staff account under the name: a column of its own would push the table
      // past 1280 px.
      cell: (member) => (
        <div className="space-y-0.5">
          <RecordTitleLink href={`${TEAM_SCREEN.list}/${member.id}`} back={back}>
            {member.name}
          </RecordTitleLink>
          {member.account ? (
            <div className="break-all text-xs text-slate-500">
              Staff account: {staffAccountLabel(member.account)}
            </div>
          ) : null}
        </div>
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
            {member.phone ? (
              <div>
                <PhoneLinks phone={member.phone} name={member.name} />
              </div>
            ) : null}
          </div>
        ) : (
          <span className="text-slate-500">-</span>
        ),
    },
  ];
}

export default function AdminTeamPage({ loaderData }: Route.ComponentProps) {
  return (
    <OrderedListPage
      screen={TEAM_SCREEN}
      rows={loaderData.items}
      heading="Team Members"
      intro="The Team page shows the active members, in this order."
      view={{ href: "/team", label: "View the Team page" }}
      add={{ label: "Add Team Member", icon: <UserPlus className="size-4" aria-hidden /> }}
      caption="Team members"
      columns={columns}
      itemLabel={(member) => member.name}
      emptyMessage="No team members yet. Add the first one: the Team page shows a contact note until then."
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={TEAM_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Team Members | Admin | ${COMPANY_NAME}` }];
