import { and, count, eq, ne, sql } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import type { AdminActor } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { escapeLike } from "~/db/like.server";
import { appointments, inquiries, sessions, users } from "~/db/schema";
import { pageCountOf } from "~/lib/list-params";
import type { Role, UserStatus } from "~/lib/roles";

// /admin/users: the accounts, and the people who booked or wrote without one ("guests"),
// derived in SQL from the bookings and inquiries, never stored twice. Editing an account goes
// through auditedWrite (user.update); deactivating one ends its sessions in the same
// transaction, so the person is signed out at their next click.

export type PersonKind = "account" | "guest";

export type PeopleFilters = { q?: string; kind?: PersonKind; role?: Role; status?: UserStatus };

/** Every person once: accounts, then e-mails seen only on bookings or inquiries. */
function peopleQuery() {
  return sql`
    select 'account' as kind, u.id as id, u.email as email, u.first_name as first_name,
      u.last_name as last_name, u.name as name, u.role::text as role, u.status::text as status,
      u.is_super_admin as is_super_admin, u.created_at as first_seen
    from ${users} u
    union all
    select 'guest', null, min(g.email), '', '', max(g.name), null, null, false, min(g.created_at)
    from (
      select ${appointments.email} as email, ${appointments.fullName} as name, ${appointments.createdAt} as created_at
        from ${appointments} where ${appointments.userId} is null
      union all
      select ${inquiries.email}, ${inquiries.name}, ${inquiries.createdAt}
        from ${inquiries} where ${inquiries.userId} is null
    ) g
    where not exists (select 1 from ${users} a where lower(a.email) = lower(g.email))
    group by lower(g.email)
  `;
}

function whereOf(filters: PeopleFilters) {
  const conditions = [sql`true`];
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q.toLowerCase())}%`;
    conditions.push(
      sql`(lower(p.email) like ${pattern} or lower(p.first_name) like ${pattern} or lower(p.last_name) like ${pattern} or lower(coalesce(p.name, '')) like ${pattern})`,
    );
  }
  if (filters.kind) conditions.push(sql`p.kind = ${filters.kind}`);
  if (filters.role) conditions.push(sql`p.role = ${filters.role}`);
  if (filters.status) conditions.push(sql`p.status = ${filters.status}`);
  return sql.join(conditions, sql` and `);
}

export type PersonRow = {
  kind: PersonKind;
  id: string | null;
  email: string;
  firstName: string;
  lastName: string;
  name: string | null;
  role: Role | null;
  status: UserStatus | null;
  isSuperAdmin: boolean;
  firstSeen: Date;
};

export async function listPeopleForAdmin(
  _actor: AdminActor,
  filters: PeopleFilters,
  list: { direction: "asc" | "desc"; page: number; pageSize: number },
) {
  const where = whereOf(filters);
  const totalResult = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${peopleQuery()}) p where ${where}`,
  );
  const total = Number(totalResult.rows[0]?.n ?? 0);
  const page = Math.min(list.page, pageCountOf(total, list.pageSize));
  const direction = sql.raw(list.direction === "asc" ? "asc" : "desc");
  const result = await db.execute<Record<string, unknown>>(
    sql`select * from (${peopleQuery()}) p where ${where}
        order by p.first_seen ${direction}, p.email ${direction}
        limit ${list.pageSize} offset ${(page - 1) * list.pageSize}`,
  );
  const rows: PersonRow[] = result.rows.map((r) => ({
    kind: r.kind as PersonKind,
    id: (r.id as string | null) ?? null,
    email: String(r.email),
    firstName: String(r.first_name ?? ""),
    lastName: String(r.last_name ?? ""),
    name: (r.name as string | null) ?? null,
    role: (r.role as Role | null) ?? null,
    status: (r.status as UserStatus | null) ?? null,
    isSuperAdmin: Boolean(r.is_super_admin),
    firstSeen: new Date(r.first_seen as string),
  }));
  return { rows, total, page };
}

export async function getUserForAdmin(_actor: AdminActor, id: string) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
      phone: users.phone,
      role: users.role,
      status: users.status,
      isSuperAdmin: users.isSuperAdmin,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return user;
}

export type UserEdit = {
  firstName: string;
  lastName: string;
  phone: string | null;
  role: Role;
  status: UserStatus;
};

export type UserEditRefusal =
  | "not-found"
  | "admin-role-needs-super-admin"
  | "last-super-admin"
  | "self";

/**
 * Changes an account's names, phone, role and status. Only a super admin grants or removes the
 * admin role; a super admin's role and status never change while they are the last active one;
 * no admin deactivates or demotes themselves here.
 */
export async function updateUserByAdmin(actor: AdminActor, id: string, edit: UserEdit) {
  return auditedWrite<{ ok: true } | { ok: false; reason: UserEditRefusal }>(
    actor,
    "user.update",
    async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!before) return { result: { ok: false, reason: "not-found" } };
      const roleChanges = before.role !== edit.role;
      const adminTouched = roleChanges && (before.role === "admin" || edit.role === "admin");
      if (adminTouched && !actor.isSuperAdmin) {
        return { result: { ok: false, reason: "admin-role-needs-super-admin" } };
      }
      if (before.id === actor.id && (roleChanges || edit.status !== "active")) {
        return { result: { ok: false, reason: "self" } };
      }
      if (before.isSuperAdmin && (roleChanges || edit.status !== "active")) {
        const [others] = await tx
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.isSuperAdmin, true), eq(users.status, "active"), ne(users.id, id)));
        if ((others?.n ?? 0) === 0) return { result: { ok: false, reason: "last-super-admin" } };
      }
      const name = `${edit.firstName} ${edit.lastName}`.trim() || before.name;
      await tx
        .update(users)
        .set({
          ...edit,
          name,
          // Not an admin any more: not a super admin either.
          isSuperAdmin: edit.role === "admin" ? before.isSuperAdmin : false,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      // A deactivated account is signed out everywhere at once.
      if (edit.status === "inactive") await tx.delete(sessions).where(eq(sessions.userId, id));
      const fields = ["firstName", "lastName", "phone", "role", "status"] as const;
      return {
        result: { ok: true },
        audit: {
          entityId: id,
          before: Object.fromEntries(fields.map((f) => [f, before[f]])),
          after: { ...edit },
        },
      };
    },
  );
}
