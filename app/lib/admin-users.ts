import type { ListConfig } from "~/lib/list-params";
import { ROLES, type Role, USER_STATUSES, type UserStatus } from "~/lib/roles";
import type { Tone } from "~/lib/status-tones";

// /admin/users, the client-safe half: the list's filters and sorts, the labels and badge
// colours of roles and statuses. The list shows accounts and, as guests, the people who booked
// or wrote without one (derived in SQL by app/models/admin-users.server.ts).

/** The Role filter: the account roles, and guests (no account). */
export const USER_KINDS = [...ROLES, "guest"] as const;
export type UserKind = (typeof USER_KINDS)[number];

export const USERS_LIST: ListConfig<"created" | "email", "role" | "status"> = {
  sorts: ["created", "email"],
  defaultSort: "created",
  defaultDirection: "desc",
  filters: {
    role: { kind: "choice", values: USER_KINDS },
    status: { kind: "choice", values: USER_STATUSES },
  },
  pageSize: 20,
};

export const ROLE_LABELS: Record<Role, string> = {
  tenant: "Tenant",
  owner: "Owner",
  admin: "Admin",
  agent: "Agent",
};

/** What the Role badge reads: a super admin is an admin with the flag (spec §6). */
export function roleLabel(role: UserKind, isSuperAdmin = false): string {
  if (role === "guest") return "Guest";
  if (role === "admin" && isSuperAdmin) return "Super Admin";
  return ROLE_LABELS[role];
}

export const ROLE_TONES: Record<UserKind, Tone> = {
  tenant: "slate",
  owner: "teal",
  admin: "blue",
  agent: "green",
  guest: "yellow",
};

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: "Active",
  inactive: "Inactive",
};

export const USER_STATUS_TONES: Record<UserStatus, Tone> = { active: "green", inactive: "red" };

/** The role choices of the add and edit forms; admin only for a super admin. */
export function roleOptions(isSuperAdmin: boolean, current?: Role) {
  return ROLES.filter((role) => role !== "admin" || isSuperAdmin || current === "admin").map(
    (role) => ({ value: role, label: ROLE_LABELS[role] }),
  );
}

export const STATUS_OPTIONS = USER_STATUSES.map((status) => ({
  value: status,
  label: USER_STATUS_LABELS[status],
}));

/** How long the link of a new account's set-password e-mail works. */
export const SET_PASSWORD_LINK_DAYS = 7;
