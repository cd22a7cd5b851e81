import { and, eq, inArray, isNotNull } from "drizzle-orm";
import {
  agentProfiles,
  contactInfo,
  listingCodes,
  officialChannels,
  properties,
  teamMembers,
  users,
} from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import { normalizeListingCode } from "~/lib/listing-code";
import { formatPrice } from "~/lib/money";
import { normalizePhone } from "~/lib/phone";
import { isOffered } from "~/lib/property-options";
import { STAFF_ACCOUNT_ROLES } from "~/lib/roles";
import { BRAND } from "~/lib/schemas/trust";
import { type CheckedValue, type CheckedValueKind, normalizeEmail } from "~/lib/verify-value";

// Who /verify answers for (issue 45), as a list of small matchers, one per source of the
// agency's own channels. Each says which kinds of value it knows and answers a match or null;
// the first match wins, in VERIFY_MATCHERS' order (known impostors first, so an admin's mark
// is never shadowed). To add a source, add a matcher to the list.
//
// Only staff and the agency's own channels are read. Customers' rows (tenants, owners, guests'
// bookings and messages) are never looked at: a customer's phone number is "not ours".

export type ChannelMatch =
  | {
      verdict: "ours";
      /** Whose it is, a whole sentence: "This is the NaijaHomes office line." */
      whose: string;
      /** What the channel is used for, when the office said. */
      usedFor: string | null;
    }
  | { verdict: "impostor" };

export type Matcher = {
  /** For logs and tests. */
  name: string;
  kinds: readonly CheckedValueKind[];
  match: (value: CheckedValue, executor: Executor) => Promise<ChannelMatch | null>;
};

/** "the NaijaHomes office line" and "NaijaHomes office line" both read "This is the ...". */
function thisIsThe(label: string): string {
  const whose = label
    .trim()
    .replace(/^the\s+/i, "")
    .replace(/\.$/, "");
  return `This is the ${whose}.`;
}

/** The admin's known impostors (/admin/channels). */
const knownImpostors: Matcher = {
  name: "known impostors",
  kinds: ["phone", "email", "account"],
  async match(value, executor) {
    const [row] = await executor
      .select({ id: officialChannels.id })
      .from(officialChannels)
      .where(
        and(
          eq(officialChannels.kind, "impostor"),
          eq(officialChannels.valueKind, value.kind),
          eq(officialChannels.normalized, value.normalized),
        ),
      );
    return row ? { verdict: "impostor" } : null;
  },
};

/** The official channels the admins list (/admin/channels): lines, e-mails, bank accounts. */
const officialChannelList: Matcher = {
  name: "official channels",
  kinds: ["phone", "email", "account"],
  async match(value, executor) {
    const [row] = await executor
      .select({
        kind: officialChannels.kind,
        label: officialChannels.label,
        bankName: officialChannels.bankName,
        accountName: officialChannels.accountName,
        usedFor: officialChannels.usedFor,
      })
      .from(officialChannels)
      .where(
        and(
          inArray(officialChannels.kind, ["phone", "whatsapp", "email", "bank_account"]),
          eq(officialChannels.valueKind, value.kind),
          eq(officialChannels.normalized, value.normalized),
        ),
      );
    if (!row) return null;
    const whose =
      row.kind === "bank_account"
        ? `This is ${BRAND}' account at ${row.bankName}, account name ${row.accountName}.`
        : thisIsThe(row.label);
    return { verdict: "ours", whose, usedFor: row.usedFor || null };
  },
};

const CONTACT_SENTENCES = {
  phone: `This is a ${BRAND} office phone number, as listed on our contact page.`,
  whatsapp: `This is the ${BRAND} WhatsApp line, as listed on our contact page.`,
  email: `This is a ${BRAND} e-mail address, as listed on our contact page.`,
} as const;

/** The contact details the site publishes (/admin/contact-info: footer, contact page). */
const publishedContactDetails: Matcher = {
  name: "contact details",
  kinds: ["phone", "email"],
  async match(value, executor) {
    const types = value.kind === "email" ? (["email"] as const) : (["phone", "whatsapp"] as const);
    const rows = await executor
      .select({ type: contactInfo.type, value: contactInfo.value })
      .from(contactInfo)
      .where(inArray(contactInfo.type, [...types]));
    const read = value.kind === "email" ? normalizeEmail : normalizePhone;
    const row = rows.find((r) => read(r.value) === value.normalized);
    if (!row || row.type === "address" || row.type === "hours") return null;
    return { verdict: "ours", whose: CONTACT_SENTENCES[row.type], usedFor: null };
  },
};

/**
 * Active staff accounts' phone numbers (agents and admins). The staff is a few dozen rows and
 * their numbers are stored as typed, so they are read and normalised here rather than in SQL.
 */
const staffAccounts: Matcher = {
  name: "staff accounts",
  kinds: ["phone"],
  async match(value, executor) {
    const rows = await executor
      .select({ name: users.name, role: users.role, phone: users.phone })
      .from(users)
      .where(
        and(
          inArray(users.role, [...STAFF_ACCOUNT_ROLES]),
          eq(users.status, "active"),
          isNotNull(users.phone),
        ),
      );
    const row = rows.find((r) => r.phone && normalizePhone(r.phone) === value.normalized);
    if (!row) return null;
    const whose =
      row.role === "agent"
        ? `This is the phone number of our agent ${row.name}.`
        : `This is the phone number of ${row.name}, of the ${BRAND} office.`;
    return { verdict: "ours", whose, usedFor: null };
  },
};

/** Active team members (/admin/team, the public team page): their phone and e-mail. */
const teamMemberContacts: Matcher = {
  name: "team members",
  kinds: ["phone", "email"],
  async match(value, executor) {
    const rows = await executor
      .select({
        name: teamMembers.name,
        position: teamMembers.position,
        phone: teamMembers.phone,
        email: teamMembers.email,
      })
      .from(teamMembers)
      .where(eq(teamMembers.isActive, true));
    const row = rows.find((r) =>
      value.kind === "email"
        ? r.email && normalizeEmail(r.email) === value.normalized
        : r.phone && normalizePhone(r.phone) === value.normalized,
    );
    if (!row) return null;
    const what = value.kind === "email" ? "e-mail address" : "phone number";
    return {
      verdict: "ours",
      whose: `This is the ${what} of ${row.name}, our ${row.position}.`,
      usedFor: null,
    };
  },
};

/**
 * Active agents' official lines and public e-mails, as their profiles show them (/agents/:slug,
 * issue 45 item 3). A public e-mail that is the sign-in address is matched only when the office
 * made it public.
 */
const agentProfileLines: Matcher = {
  name: "agent profiles",
  kinds: ["phone", "email"],
  async match(value, executor) {
    const rows = await executor
      .select({
        name: users.name,
        email: users.email,
        phone: agentProfiles.officialPhone,
        whatsapp: agentProfiles.officialWhatsapp,
        publicEmail: agentProfiles.publicEmail,
        publicEmailIsSignIn: agentProfiles.publicEmailIsSignIn,
      })
      .from(agentProfiles)
      .innerJoin(users, eq(users.id, agentProfiles.userId))
      .where(and(eq(users.role, "agent"), eq(users.status, "active")));
    for (const row of rows) {
      const agent = `our agent ${row.name}`;
      if (value.kind === "phone") {
        if (row.whatsapp && normalizePhone(row.whatsapp) === value.normalized) {
          return {
            verdict: "ours",
            whose: `This is the WhatsApp line of ${agent}.`,
            usedFor: null,
          };
        }
        if (row.phone && normalizePhone(row.phone) === value.normalized) {
          return {
            verdict: "ours",
            whose: `This is the official phone of ${agent}.`,
            usedFor: null,
          };
        }
      } else {
        const email = row.publicEmailIsSignIn ? row.email : row.publicEmail;
        if (email && normalizeEmail(email) === value.normalized) {
          return {
            verdict: "ours",
            whose: `This is the e-mail address of ${agent}.`,
            usedFor: null,
          };
        }
      }
    }
    return null;
  },
};

/**
 * Listing reference codes (NH-LAG-0421, app/models/listing-code.server.ts): a live listing's
 * code answers with its title, price and who shows it; a code we gave to a listing no longer on
 * offer says so, since someone asking money for it is the warning sign. listing_codes keeps
 * every code ever given, purged listings' included.
 */
const listingCodeMatcher: Matcher = {
  name: "listing codes",
  kinds: ["listing_code"],
  async match(value, executor) {
    const code = normalizeListingCode(value.normalized);
    if (!code) return null;
    const [row] = await executor
      .select({
        title: properties.title,
        price: properties.price,
        purpose: properties.purpose,
        rentPeriod: properties.rentPeriod,
        status: properties.status,
        deletedAt: properties.deletedAt,
        agent: users.name,
      })
      .from(listingCodes)
      .leftJoin(properties, eq(properties.id, listingCodes.propertyId))
      .leftJoin(users, eq(users.id, properties.agentId))
      .where(eq(listingCodes.code, code))
      .limit(1);
    if (!row) return null;
    const { title, status, deletedAt, purpose } = row;
    if (!title || !status || !purpose || !isOffered({ status, deletedAt })) {
      return {
        verdict: "ours",
        whose: `${code} was a ${BRAND} listing, and it is no longer on offer. Do not pay anyone for it.`,
        usedFor: null,
      };
    }
    const price = formatPrice(row.price, purpose, row.rentPeriod);
    const shownBy = row.agent ? `our agent ${row.agent}` : "our office";
    return {
      verdict: "ours",
      whose: `This is ${BRAND} listing ${code}: "${title}", ${price}, shown by ${shownBy}.`,
      usedFor: null,
    };
  },
};

/** Every source, in the order they are asked; the first match answers. */
export const VERIFY_MATCHERS: readonly Matcher[] = [
  knownImpostors,
  officialChannelList,
  publishedContactDetails,
  agentProfileLines,
  staffAccounts,
  teamMemberContacts,
  listingCodeMatcher,
];

/** The first match for `value` among `matchers`, or null: not ours. */
export async function findMatch(
  executor: Executor,
  value: CheckedValue,
  matchers: readonly Matcher[] = VERIFY_MATCHERS,
): Promise<ChannelMatch | null> {
  for (const matcher of matchers) {
    if (!matcher.kinds.includes(value.kind)) continue;
    const found = await matcher.match(value, executor);
    if (found) return found;
  }
  return null;
}
