import {
  Archive,
  Building2,
  CalendarDays,
  CheckCircle2,
  ClipboardList,
  Contact,
  GalleryHorizontal,
  History,
  type IconComponent,
  Info,
  LayoutDashboard,
  MessageSquareWarning,
  PanelsTopLeft,
  Scale,
  Settings,
  Share2,
  ShieldCheck,
  Target,
  UserRound,
  Users,
  Video,
} from "~/components/icons";
import { can, permissionForRoute, type StaffRole } from "~/lib/permissions";

// The admin sidebar, in the spec's order (dashboard-and-admin §2), plus the website editor and
// the audit log. One list for the desktop sidebar, the phone sheet, the no-JavaScript menu and the tests.

export type AdminNavItem = { label: string; to: string; icon: IconComponent };

/** Items waiting for the office, by the nav item's `to` (Submissions), shown beside its label. */
export type AdminNavCounts = Readonly<Record<string, number>>;

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: "Dashboard", to: "/admin/dashboard", icon: LayoutDashboard },
  { label: "Properties", to: "/admin/properties", icon: Building2 },
  // Dated availability (issue 46): the listings whose confirmation is due, soonest first.
  { label: "To Confirm", to: "/admin/to-confirm", icon: CheckCircle2 },
  // Owners' submissions waiting for review (issue 20); the sidebar shows how many wait.
  { label: "Submissions", to: "/admin/submissions", icon: ClipboardList },
  { label: "Users", to: "/admin/users", icon: Users },
  { label: "Appointments", to: "/admin/appointments", icon: CalendarDays },
  // Every inquiry (contact, service, complaint) under the page's own name (issue 47); the
  // address stays /admin/complaints so bookmarks and e-mailed links keep working.
  { label: "Inquiries", to: "/admin/complaints", icon: MessageSquareWarning },
  // Where enquiries come from (issue 21): per listing, source and agent.
  { label: "Leads", to: "/admin/leads", icon: Target },
  { label: "Team Members", to: "/admin/team", icon: UserRound },
  { label: "3D Gallery", to: "/admin/slideshow", icon: GalleryHorizontal },
  { label: "Videos", to: "/admin/videos", icon: Video },
  { label: "Social Media", to: "/admin/social-media", icon: Share2 },
  { label: "Contact Info", to: "/admin/contact-info", icon: Contact },
  // "Is this really NaijaHomes?" (issue 45): what /verify answers for, and the fraud reports.
  { label: "Official Channels", to: "/admin/channels", icon: ShieldCheck },
  { label: "Reports", to: "/admin/reports", icon: Info },
  // Buyers' requests for copies of a title (issue 46); the sidebar shows how many wait.
  { label: "Title Requests", to: "/admin/title-requests", icon: Scale },
  // The home page's texts and hero pictures (spec §2: /website-editor, outside /admin).
  { label: "Website Editor", to: "/website-editor", icon: PanelsTopLeft },
  { label: "Settings", to: "/admin/settings", icon: Settings },
  { label: "Audit Log", to: "/admin/audit", icon: History },
];

/** Backups hold every account's data: only super admins see and take them. */
const SUPER_ADMIN_NAV: readonly AdminNavItem[] = [
  { label: "Backups", to: "/admin/backups", icon: Archive },
];

/** An agent's sidebar: their listings and their viewings (the pages agents may open). */
const AGENT_NAV: readonly AdminNavItem[] = [
  { label: "My Properties", to: "/admin/properties", icon: Building2 },
  { label: "To Confirm", to: "/admin/to-confirm", icon: CheckCircle2 },
  { label: "My Viewings", to: "/admin/appointments", icon: CalendarDays },
  { label: "My Inquiries", to: "/admin/complaints", icon: MessageSquareWarning },
  { label: "My Leads", to: "/admin/leads", icon: Target },
  // Their own password and notification switches (issue 47).
  { label: "Settings", to: "/admin/settings", icon: Settings },
];

/**
 * The sidebar's items for this staff member: only pages their role may open (each `to` is its
 * route's pattern, having no params).
 */
export function adminNav(role: StaffRole): readonly AdminNavItem[] {
  const items =
    role === "agent"
      ? AGENT_NAV
      : role === "superAdmin"
        ? [...ADMIN_NAV, ...SUPER_ADMIN_NAV]
        : ADMIN_NAV;
  return items.filter((item) => can({ role }, permissionForRoute(item.to)));
}

/** The sidebar cookie (spec §4): expanded or collapsed, kept 7 days, read by the server. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

/** Whether the sidebar is expanded, from a Cookie header (expanded unless set to false). */
export function readSidebarOpen(cookieHeader: string | null): boolean {
  const value = (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`))
    ?.slice(SIDEBAR_COOKIE.length + 1);
  return value !== "false";
}

export function sidebarCookie(open: boolean) {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
