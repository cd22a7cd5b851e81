import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  appointments,
  auditEvents,
  contactInfo,
  inquiries,
  properties,
  slideshowItems,
  teamMembers,
  users,
  videos,
} from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { formatAppointmentDate } from "~/lib/appointment-format";
import { BOOKING_TIME_ZONE } from "~/lib/appointment-rules";
import type { AuditEntity } from "~/lib/audit";
import {
  type AuditChangeLine,
  auditFieldLabel,
  describeAuditEvent,
  lastKnownName,
} from "~/lib/audit-format";
import { isUuid } from "~/lib/ids";

// Reading the audit log (/admin/audit). Writing happens only through auditedWrite. The log
// stores ids; the reader wants names: who (the admin's name), what (the listing's title, the
// person's name, linked to its admin screen), looked up when the page is read, so a renamed
// record shows its name of today, and a record deleted since its last name from the log.

export type AuditFilters = {
  /** The acting admin's user id. */
  actor?: string;
  entity?: AuditEntity;
  /** Lagos days, yyyy-MM-dd, both included. */
  from?: string;
  to?: string;
};

/** The start of a Lagos day as a moment. */
function lagosDayStart(day: string) {
  return sql`(${day}::date::timestamp at time zone ${BOOKING_TIME_ZONE})`;
}

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(auditEvents.actorUserId, filters.actor));
  if (filters.entity) conditions.push(eq(auditEvents.entityType, filters.entity));
  if (filters.from) conditions.push(gte(auditEvents.createdAt, lagosDayStart(filters.from)));
  if (filters.to) {
    conditions.push(
      lt(auditEvents.createdAt, sql`${lagosDayStart(filters.to)} + interval '1 day'`),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEvents(
  _actor: AdminActor,
  filters: AuditFilters,
  page: { page: number; pageSize: number },
) {
  const where = whereOf(filters);
  const [totalRow] = await db.select({ n: count() }).from(auditEvents).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / page.pageSize));
  const shown = Math.min(page.page, pageCount);
  const rows = await db
    .select({
      id: auditEvents.id,
      actorUserId: auditEvents.actorUserId,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      changes: auditEvents.changes,
      clientAddress: auditEvents.clientAddress,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.pageSize)
    .offset((shown - 1) * page.pageSize);
  const names = await lookUpNames(rows);
  return { rows: rows.map((row) => readEvent(row, names)), total, page: shown, pageCount };
}

type StoredEvent = {
  id: string;
  actorUserId: string;
  actorEmail: string;
  action: string;
  entityType: string;
  entityId: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
  clientAddress: string | null;
  createdAt: Date;
};

/** A record the log names: what it is called and where it is worked on (none once deleted). */
export type AuditRecordRef = { name: string; href?: string; note?: string };

/** One audit row as the page shows it. */
export type AuditEventView = {
  id: string;
  createdAt: Date;
  who: { name: string; email: string; href?: string };
  clientAddress: string | null;
  action: string;
  subject?: AuditRecordRef;
  summary?: string;
  records: AuditRecordRef[];
  lines: AuditChangeLine[];
};

type Names = {
  users: Map<string, { name: string; email: string }>;
  properties: Map<string, { title: string; trashed: boolean }>;
  other: Map<string, string>;
  /** Records no longer there: their last name in the log. */
  lastNames: Map<string, string>;
};

/** The names of every record the page's rows mention, a few queries for the whole page. */
async function lookUpNames(rows: readonly StoredEvent[]): Promise<Names> {
  const idsOf = (...types: string[]) => [
    ...new Set(
      rows
        .filter((row) => types.includes(row.entityType) && row.entityId)
        .map((row) => row.entityId as string),
    ),
  ];
  const userIds = [
    ...new Set([
      ...rows.map((row) => row.actorUserId),
      ...idsOf("user", "settings"),
      ...rows.flatMap(linkedAccountIds),
    ]),
  ];
  const propertyIds = [
    ...new Set([
      ...idsOf("property"),
      ...rows.flatMap((row) => {
        const ids = row.changes.ids?.after;
        return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
      }),
      // An appointment's listing (a staff booking, a changed property): named, not an id.
      ...rows.flatMap((row) =>
        [row.changes.propertyId?.before, row.changes.propertyId?.after].filter(
          (id): id is string => typeof id === "string",
        ),
      ),
    ]),
  ].filter(isUuid);
  const byUuid = (type: string) => idsOf(type).filter(isUuid);
  const none = Promise.resolve([] as { id: string; name: string | null }[]);
  const [userRows, propertyRows, ...others] = await Promise.all([
    userIds.length
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, userIds))
      : Promise.resolve([]),
    propertyIds.length
      ? db
          .select({ id: properties.id, title: properties.title, deletedAt: properties.deletedAt })
          .from(properties)
          .where(inArray(properties.id, propertyIds))
      : Promise.resolve([]),
    byUuid("appointment").length
      ? db
          .select({
            id: appointments.id,
            name: sql<string>`${appointments.fullName} || ', ' || ${appointments.appointmentDate}`,
          })
          .from(appointments)
          .where(inArray(appointments.id, byUuid("appointment")))
      : none,
    byUuid("inquiry").length
      ? db
          .select({
            id: inquiries.id,
            name: sql<string>`coalesce(nullif(trim(${inquiries.subject}), ''), 'No Subject') || ' (' || coalesce(nullif(trim(${inquiries.name}), ''), ${inquiries.email}) || ')'`,
          })
          .from(inquiries)
          .where(inArray(inquiries.id, byUuid("inquiry")))
      : none,
    byUuid("team-member").length
      ? db
          .select({ id: teamMembers.id, name: teamMembers.name })
          .from(teamMembers)
          .where(inArray(teamMembers.id, byUuid("team-member")))
      : none,
    byUuid("slide").length
      ? db
          .select({
            id: slideshowItems.id,
            name: sql<string>`coalesce(${slideshowItems.title}, 'Untitled slide')`,
          })
          .from(slideshowItems)
          .where(inArray(slideshowItems.id, byUuid("slide")))
      : none,
    byUuid("video").length
      ? db
          .select({ id: videos.id, name: sql<string>`coalesce(${videos.title}, 'Untitled video')` })
          .from(videos)
          .where(inArray(videos.id, byUuid("video")))
      : none,
    byUuid("contact-info").length
      ? db
          .select({ id: contactInfo.id, name: contactInfo.key })
          .from(contactInfo)
          .where(inArray(contactInfo.id, byUuid("contact-info")))
      : none,
  ]);
  const other = new Map<string, string>();
  for (const list of others) for (const row of list) other.set(row.id, row.name ?? "");
  const found = new Set([
    ...userRows.map((u) => u.id),
    ...propertyRows.map((p) => p.id),
    ...other.keys(),
  ]);
  const gone = [
    ...new Set([
      ...rows.map((row) => row.entityId).filter((id): id is string => Boolean(id)),
      ...propertyIds,
    ]),
  ].filter((id) => !found.has(id));
  return {
    users: new Map(userRows.map((u) => [u.id, { name: u.name.trim() || u.email, email: u.email }])),
    properties: new Map(
      propertyRows.map((p) => [p.id, { title: p.title, trashed: p.deletedAt !== null }]),
    ),
    other,
    lastNames: await lastNamesInLog(gone),
  };
}

/**
 * For records deleted since: the name the log last recorded for each (its delete row, or an
 * edit that named it), so every row about it still says which one it was.
 */
async function lastNamesInLog(ids: readonly string[]) {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const named = await db
    .select({ entityId: auditEvents.entityId, changes: auditEvents.changes })
    .from(auditEvents)
    .where(
      and(
        inArray(auditEvents.entityId, [...ids]),
        sql`${auditEvents.changes} ?| array['title', 'name', 'fullName', 'subject', 'label', 'firstName']`,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  for (const row of named) {
    const name = row.entityId && !names.has(row.entityId) ? lastKnownName(row.changes) : undefined;
    if (row.entityId && name) names.set(row.entityId, name);
  }
  return names;
}

/** The admin screen of each kind of record (by id), or of the screen it lives on. */
const RECORD_SCREENS: Partial<Record<AuditEntity, string>> = {
  appointment: "/admin/appointments",
  inquiry: "/admin/complaints",
  "team-member": "/admin/team",
  slide: "/admin/slideshow",
  video: "/admin/videos",
};

function propertyRef(id: string, names: Names, fallback?: string): AuditRecordRef {
  const found = names.properties.get(id);
  if (!found) return { name: fallback ?? "A listing", note: "deleted" };
  if (found.trashed) {
    return {
      name: found.title,
      href: `/admin/properties?view=trash&q=${encodeURIComponent(found.title)}`,
      note: "in the trash",
    };
  }
  return { name: found.title, href: `/admin/properties/${id}` };
}

function subjectOf(row: StoredEvent, names: Names): AuditRecordRef | undefined {
  const entity = row.entityType as AuditEntity;
  const id = row.entityId;
  const known = lastKnownName(row.changes) ?? (id ? names.lastNames.get(id) : undefined);
  switch (entity) {
    case "property":
      return id ? propertyRef(id, names, known) : undefined;
    case "user": {
      if (!id) return undefined;
      const user = names.users.get(id);
      return user
        ? { name: user.name, href: `/admin/users/${id}` }
        : { name: known ?? "A user", note: "deleted" };
    }
    case "settings":
    case "calendar-feed":
      return undefined;
    // A backup is a file: its name, on the screen that lists the others.
    case "backup":
      return id ? { name: id, href: "/admin/backups", note: "deleted" } : undefined;
    case "social-links": {
      const platform = Object.keys(row.changes)[0];
      return {
        name: platform ? `${auditFieldLabel(entity, platform)} link` : "Social media links",
        href: "/admin/social-media",
      };
    }
    case "contact-info": {
      const name = (id && names.other.get(id)) || known;
      return {
        name: name ?? "Contact info",
        href: "/admin/contact-info",
        note: id && names.other.has(id) ? undefined : "deleted",
      };
    }
    case "website-content": {
      const section = id && /^(hero|about|services|contact)$/.test(id) ? id : undefined;
      return {
        name: section
          ? `Home page: ${section.charAt(0).toUpperCase()}${section.slice(1)} section`
          : "Home page hero pictures",
        href: "/website-editor",
      };
    }
    default: {
      const screen = RECORD_SCREENS[entity];
      if (!id || !screen) return undefined;
      const name = names.other.get(id);
      if (name === undefined) return { name: known ?? "A record", note: "deleted" };
      return {
        name: entity === "appointment" ? readableAppointment(name) : name,
        href: `${screen}/${id}`,
      };
    }
  }
}

/** The staff accounts a team member's row links or unlinks (the log stores their ids). */
function linkedAccountIds(row: StoredEvent): string[] {
  if (row.entityType !== "team-member") return [];
  const change = row.changes.userId;
  return [change?.before, change?.after].filter((id): id is string => typeof id === "string");
}

/** A staff account's id in a team member's change, by its name and e-mail now. */
function accountName(id: string | null, names: Names) {
  if (id === null || id === "(empty)") return id;
  const account = names.users.get(id);
  return account ? `${account.name} <${account.email}>` : "A deleted account";
}

/** A listing's id in a changed field, by its title (or its last title, once deleted). */
function listingName(id: string | null, names: Names) {
  if (id === null || id === "(empty)") return id;
  const ref = propertyRef(id, names, names.lastNames.get(id));
  return ref.note ? `${ref.name} (${ref.note})` : ref.name;
}

/** 'Ngozi Okafor, 2026-12-01' reads 'Ngozi Okafor, Tue, 1 Dec 2026'. */
function readableAppointment(name: string) {
  const match = /^(.*), (\d{4}-\d{2}-\d{2})$/.exec(name);
  return match ? `${match[1]}, ${formatAppointmentDate(match[2] ?? "")}` : name;
}

function readEvent(row: StoredEvent, names: Names): AuditEventView {
  const described = describeAuditEvent(row);
  const actor = names.users.get(row.actorUserId);
  return {
    id: row.id,
    createdAt: row.createdAt,
    who: actor
      ? { name: actor.name, email: actor.email, href: `/admin/users/${row.actorUserId}` }
      : { name: row.actorEmail, email: row.actorEmail },
    clientAddress: row.clientAddress,
    action: described.action,
    subject: subjectOf(row, names),
    summary: described.summary,
    records: (described.records ?? []).map((id) => propertyRef(id, names, names.lastNames.get(id))),
    lines: described.lines.map((line) => {
      if (line.field === "propertyId") {
        return {
          ...line,
          before: listingName(line.before, names),
          after: listingName(line.after, names),
        };
      }
      if (line.field === "userId" && row.entityType === "team-member") {
        return {
          ...line,
          before: accountName(line.before, names),
          after: accountName(line.after, names),
        };
      }
      return line;
    }),
  };
}

/** The admins who appear in the log, for the person filter: their name now, else their e-mail then. */
export async function listAuditActors(_actor: AdminActor) {
  const rows = await db
    .selectDistinctOn([auditEvents.actorUserId], {
      id: auditEvents.actorUserId,
      email: auditEvents.actorEmail,
      name: users.name,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .orderBy(auditEvents.actorUserId, desc(auditEvents.createdAt));
  return rows
    .map((row) => ({ id: row.id, name: row.name?.trim() || row.email, email: row.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
