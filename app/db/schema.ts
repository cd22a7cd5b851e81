import { sql } from "drizzle-orm";
import {
  bigint,
  bit,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { AVAILABILITY_METHODS } from "~/lib/availability";
import { INBOX_SOURCES, LEAD_STATUSES } from "~/lib/lead-inbox";
import { LEAD_SOURCES } from "~/lib/leads";
import { FINGERPRINT_BITS } from "~/lib/photo-fingerprint";
import { FURNISHING, LISTING_STATUSES, TITLE_DOCUMENTS, valuesOf } from "~/lib/property-options";
import { ROLES, USER_STATUSES } from "~/lib/roles";
import type { SubmissionValues } from "~/lib/schemas/submission";
import { SUBMISSION_KINDS, SUBMISSION_STATUSES } from "~/lib/submissions";
import { TITLE_CHECK_VALUES, TITLE_COPY_STATUSES } from "~/lib/title-check";

// Every entity of both spec documents lives here, including the ones later screens use.
// Money is whole naira in bigint ("mode: number" is exact up to 9e15 naira).

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------
// Accounts. One table for customers and staff (DESIGN.md). The column set follows what
// better-auth expects of user/session/account/verification, plus our own fields.

export const userRole = pgEnum("user_role", ROLES);
export const userStatus = pgEnum("user_status", USER_STATUSES);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    /** `phone` in E.164, written by the database on every write (drizzle/0026; issue 47): what a search by number matches. */
    phoneNormalized: text("phone_normalized"),
    role: userRole("role").notNull().default("tenant"),
    isSuperAdmin: boolean("is_super_admin").notNull().default(false),
    status: userStatus("status").notNull().default("active"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Admin search (name or e-mail).
    index("users_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.name} || ' ' || ${t.email})) gin_trgm_ops`,
    ),
    index("users_phone_trgm_idx").using("gin", sql`${t.phoneNormalized} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// Per-admin switches from the Settings screen ("Notifications", "Email notifications").
export const userSettings = pgTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  notificationsEnabled: boolean("notifications_enabled").notNull().default(true),
  emailNotificationsEnabled: boolean("email_notifications_enabled").notNull().default(true),
  /**
   * An owner's "E-mail me a weekly report of my listings" (issue 20): when they switched it on;
   * null (the default) is off. A week's report goes out only if it was on before its send time.
   */
  ownerWeeklyReportSince: timestamp("owner_weekly_report_since", { withTimezone: true }),
  /**
   * An owner's "E-mail me when someone asks about or books a viewing of my listings" (issue 47):
   * on by default, so a landlord hears the same day; the e-mail's unsubscribe link turns it off.
   */
  ownerInterestAlerts: boolean("owner_interest_alerts").notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * The owners' weekly reports sent (issue 20): one row per owner and reported week (Monday to
 * Sunday, Lagos days), inserted in the transaction that queues the e-mail in the outbox. The
 * primary key makes it once per owner and week, whichever instance runs the job and however
 * often (app/models/owner-report.server.ts).
 */
export const ownerWeeklyReports = pgTable(
  "owner_weekly_reports",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The Monday the reported week starts on. */
    weekStart: date("week_start", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);

/**
 * An admin's secret calendar address (/calendar/<token>.ics): the confirmed appointments as a
 * feed a phone's calendar subscribes to. Only the token's SHA-256 is kept; resetting replaces it.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The office's own settings, one row (id 1; none stored yet reads as the defaults). Its row is
 * also the lock that orders general bookings when they go to a rota of agents.
 */
export const officeSettings = pgTable(
  "office_settings",
  {
    id: integer("id").primaryKey().default(1),
    /** Where a booking with no listing goes: "admins", or "rota" (the agents in turn). */
    generalBookings: text("general_bookings", { enum: ["admins", "rota"] })
      .notNull()
      .default("admins"),
    // The agency's fee terms (issue 45), shown where a listing's costs are: percentages of a
    // year's rent, and the most rent in advance it asks of a new tenant, in months.
    agencyFeePercent: numeric("agency_fee_percent", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(10),
    legalFeePercent: numeric("legal_fee_percent", { precision: 5, scale: 2, mode: "number" })
      .notNull()
      .default(10),
    advanceRentMonthsYearly: integer("advance_rent_months_yearly").notNull().default(12),
    advanceRentMonthsMonthly: integer("advance_rent_months_monthly").notNull().default(6),
    // Dated availability (issue 46): how long a confirmation holds, in days, for rentals
    // (short-lets too) and sales; the reminders' lead; how long a let or sold badge shows.
    availabilityRentDays: integer("availability_rent_days").notNull().default(14),
    availabilitySaleDays: integer("availability_sale_days").notNull().default(30),
    availabilityReminderDays: integer("availability_reminder_days").notNull().default(3),
    closedBadgeDays: integer("closed_badge_days").notNull().default(14),
    // On a sale: percentages of the price (shown on sale listings).
    saleAgencyFeePercent: numeric("sale_agency_fee_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    })
      .notNull()
      .default(5),
    saleLegalFeePercent: numeric("sale_legal_fee_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    })
      .notNull()
      .default(5),
    // The limits a rental listing's fees must keep (issue 46): percent of a year's rent, and
    // the Lagos areas where the advance-rent limit does not hold (comma-separated names).
    agencyFeeCapPercent: numeric("agency_fee_cap_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    })
      .notNull()
      .default(10),
    legalFeeCapPercent: numeric("legal_fee_cap_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    })
      .notNull()
      .default(10),
    exemptAreas: text("exempt_areas").notNull().default("Apapa, Ikeja GRA, Ikoyi, Victoria Island"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("office_settings_single_row", sql`${t.id} = 1`),
    check(
      "office_settings_fees_range",
      sql`${t.agencyFeePercent} between 0 and 100 and ${t.legalFeePercent} between 0 and 100`,
    ),
  ],
);

/** When each agent was last given a general booking by the rota (the oldest is next). */
export const agentRota = pgTable("agent_rota", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastAssignedAt: timestamp("last_assigned_at", { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------
// Properties

export const propertyPurpose = pgEnum("property_purpose", ["sale", "rent"]);
export const rentPeriod = pgEnum("rent_period", ["month", "year"]);
export const propertyType = pgEnum("property_type", [
  "house",
  "apartment",
  "duplex",
  "bungalow",
  "terrace",
  "villa",
  "land",
  "office",
  "shop",
  "warehouse",
]);
export const propertyCategory = pgEnum("property_category", ["residential", "commercial"]);
export const listingStatus = pgEnum("listing_status", valuesOf(LISTING_STATUSES));
export const titleDocument = pgEnum("title_document", valuesOf(TITLE_DOCUMENTS));
export const furnishing = pgEnum("furnishing", valuesOf(FURNISHING));
export const titleCheck = pgEnum("title_check", TITLE_CHECK_VALUES);

export const properties = pgTable(
  "properties",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    purpose: propertyPurpose("purpose").notNull().default("sale"),
    price: bigint("price", { mode: "number" }),
    rentPeriod: rentPeriod("rent_period"),
    propertyType: propertyType("property_type").notNull(),
    category: propertyCategory("category").notNull(),
    isNewDevelopment: boolean("is_new_development").notNull().default(false),
    city: text("city").notNull(),
    /** The full address: staff, the owner, and a customer whose viewing is confirmed see it. */
    address: text("address").notNull().default(""),
    /**
     * The area the site shows while the address is private (issue 46): "Lekki Phase 1, near
     * Admiralty Mall". Empty: the address's last part after a comma (publicAddressSql).
     */
    area: text("area").notNull().default(""),
    /** The office chose to show the full address on the site; new listings show the area only. */
    addressPublic: boolean("address_public").notNull().default(false),
    beds: integer("beds"),
    baths: integer("baths"),
    sqft: integer("sqft"),
    imageUrl: text("image_url"),
    featured: boolean("featured").notNull().default(false),
    /** The agent who shows the listing (a staff account with role agent); null: the office. */
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    // Where the listing stands, and the facts Nigerian buyers and renters ask about.
    status: listingStatus("status").notNull().default("available"),
    titleDocument: titleDocument("title_document"),
    /**
     * The highest check the office did on the title (issue 46; sale listings only), the day it
     * was done, who did it and, for a lawyer's report, the lawyer (app/lib/title-check.ts).
     */
    titleCheck: titleCheck("title_check"),
    titleCheckedOn: date("title_checked_on", { mode: "string" }),
    titleCheckedBy: text("title_checked_by"),
    titleLawyer: text("title_lawyer"),
    /** Naira per year. */
    serviceCharge: bigint("service_charge", { mode: "number" }),
    // A rental's move-in items (issue 46): each fee an amount in naira or a percentage of a
    // year's rent (at most one of the two), and the months of rent asked in advance. Null: not
    // stated (app/lib/listing-fees.ts).
    serviceChargePercent: numeric("service_charge_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    }),
    agencyFee: bigint("agency_fee", { mode: "number" }),
    agencyFeePercent: numeric("agency_fee_percent", { precision: 5, scale: 2, mode: "number" }),
    legalFee: bigint("legal_fee", { mode: "number" }),
    legalFeePercent: numeric("legal_fee_percent", { precision: 5, scale: 2, mode: "number" }),
    cautionDeposit: bigint("caution_deposit", { mode: "number" }),
    cautionDepositPercent: numeric("caution_deposit_percent", {
      precision: 5,
      scale: 2,
      mode: "number",
    }),
    rentAdvanceMonths: integer("rent_advance_months"),
    toilets: integer("toilets"),
    parkingSpaces: integer("parking_spaces"),
    furnishing: furnishing("furnishing"),
    serviced: boolean("serviced").notNull().default(false),
    /**
     * The owner who handed it to the agency (issue 20): shown to admins and to that owner in
     * "My listings", never on the public site (the listing is the agency's).
     */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    /** In the trash since then: gone from the site, purged after TRASH_DAYS. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * The listing's reference code (issue 45), e.g. NH-LAG-0421: agency, state, a number from a
     * sequence, so never reused. The database's own insert trigger assigns it, in the insert's
     * transaction, whoever inserts (drizzle/*_listing_reference_codes.sql): never set it here.
     * The NOT NULL holds after that trigger; the null default only lets inserts leave it out.
     */
    referenceCode: text("reference_code").notNull().default(sql`null`),
    /**
     * The last confirmation of its availability (issue 46; the history is
     * listing_confirmations): when, how, and by whom (null: the office). Written only by
     * app/models/availability.server.ts; a new listing counts as confirmed when it is listed.
     */
    availabilityConfirmedAt: timestamp("availability_confirmed_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
    availabilityMethod: text("availability_method", { enum: valuesOf(AVAILABILITY_METHODS) })
      .notNull()
      .default("listed"),
    availabilityConfirmedBy: text("availability_confirmed_by").references(() => users.id, {
      onDelete: "set null",
    }),
    /**
     * When it was marked let or sold (its badge shows for a while, then it leaves the search);
     * kept by the database's own trigger whoever changes the status (drizzle/*_availability.sql).
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The reminder job and the To confirm list walk the oldest confirmations first.
    index("properties_availability_idx").on(t.availabilityConfirmedAt),
    uniqueIndex("properties_reference_code_idx").on(t.referenceCode),
    // Sorts: newest first, price both ways; the id breaks ties so pages never overlap.
    index("properties_created_at_idx").on(t.createdAt.desc(), t.id),
    index("properties_price_idx").on(t.price, t.id),
    // Price sorts within For Sale / For Rent: rents sit far below sale prices, so on the plain
    // price index "cheapest for sale" walked past every rental first (bench/README.md).
    index("properties_purpose_price_idx").on(t.purpose, t.price, t.id),
    index("properties_purpose_created_at_idx").on(t.purpose, t.createdAt.desc()),
    index("properties_city_lower_idx").on(sql`lower(${t.city})`),
    index("properties_type_idx").on(t.propertyType),
    index("properties_category_idx").on(t.category),
    index("properties_beds_idx").on(t.beds),
    index("properties_featured_idx").on(t.createdAt.desc()).where(sql`${t.featured}`),
    index("properties_agent_idx").on(t.agentId),
    // The trash, oldest first (the purge) and newest first (the admin's trash list).
    index("properties_deleted_at_idx").on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    index("properties_owner_idx").on(t.ownerId).where(sql`${t.ownerId} is not null`),
    // Text search is a case-insensitive containment match; trigrams make it indexable.
    index("properties_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.title} || ' ' || ${t.address} || ' ' || ${t.city})) gin_trgm_ops`,
    ),
    // The public search reads the address the site shows (app/models/public-address.server.ts:
    // the same expression), so a street kept private cannot be found by typing it.
    index("properties_public_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.title} || ' ' || (case when ${t.addressPublic} then ${t.address} when ${t.area} <> '' then ${t.area} when strpos(${t.address}, ',') > 0 then btrim(regexp_replace(${t.address}, '^.*,', '')) else '' end) || ' ' || ${t.city})) gin_trgm_ops`,
    ),
  ],
);

/**
 * Every reference code ever given (issue 45), kept when its listing is purged (the listing
 * becomes null), so an old code is told apart from one never given, and is never given again.
 */
export const listingCodes = pgTable("listing_codes", {
  code: text("code").primaryKey(),
  propertyId: uuid("property_id")
    .unique()
    .references(() => properties.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/**
 * Every confirmation of a listing's availability (issue 46): when, how, by whom (a staff account
 * or the owner; null once the account is gone) and what was confirmed (still available, or let
 * or sold by the owner's answer). Append-only; the listing keeps a copy of the last.
 */
export const listingConfirmations = pgTable(
  "listing_confirmations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
    method: text("method", { enum: valuesOf(AVAILABILITY_METHODS) }).notNull(),
    confirmedBy: text("confirmed_by").references(() => users.id, { onDelete: "set null" }),
    outcome: text("outcome", { enum: ["available", "closed"] })
      .notNull()
      .default("available"),
  },
  (t) => [index("listing_confirmations_property_idx").on(t.propertyId, t.confirmedAt.desc())],
);

/**
 * The reminders sent (issue 46): one per listing and confirmation, so each period reminds once
 * whatever the number of runs or instances (the key lets one insert through).
 */
export const availabilityReminders = pgTable(
  "availability_reminders",
  {
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The confirmation the period runs from (the listing's availability_confirmed_at then). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.confirmedAt] })],
);

export const propertyMedia = pgTable(
  "property_media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    mediaUrl: text("media_url").notNull(),
    mediaType: text("media_type").notNull().default("image"),
    title: text("title"),
    description: text("description"),
    isFeatured: boolean("is_featured").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * The photo's perceptual fingerprint (issue 46, ~/lib/photo-fingerprint): set on upload;
     * null until the fingerprint job reads the file (photos stored before, linked files).
     */
    fingerprint: bit("fingerprint", { dimensions: FINGERPRINT_BITS }),
    createdAt: createdAt(),
  },
  (t) => [
    index("property_media_property_idx").on(t.propertyId, t.sortOrder),
    index("property_media_unfingerprinted_idx")
      .on(t.id)
      .where(sql`${t.fingerprint} is null and ${t.mediaType} = 'image'`),
    // Whether a stored file is still shown anywhere, before it is removed.
    index("property_media_url_idx").on(t.mediaUrl),
  ],
);

// ---------------------------------------------------------------------------
// Owner submissions (issue 20, ADR 22): a landlord or seller hands a property to the agency for
// review. `values` holds the form as typed (a draft may be half done); it is checked in full with
// the admin form's schema when sent, and becomes a listing's columns when approved. A change to a
// live listing, or taking it down, is a submission too (`kind`), naming the listing.

export const propertySubmissions = pgTable(
  "property_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SUBMISSION_KINDS }).notNull().default("listing"),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("draft"),
    /** The live listing: made by approving it, or the one a change or take-down is about. */
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** From `values`, for the lists and the queue's search. */
    title: text("title").notNull(),
    city: text("city").notNull().default(""),
    values: jsonb("values").$type<SubmissionValues>().notNull().default({}),
    /** `values`' contactPhone in E.164, written by the database (drizzle/0026; issue 47). */
    contactPhoneNormalized: text("contact_phone_normalized"),
    /**
     * A change's base (issue 42): the live listing's fields, in `values`' terms, when the owner
     * made the copy. Approving applies only what the owner changed from it; null for a new
     * listing, a take-down, and a change asked for before this column existed.
     */
    base: jsonb("base").$type<SubmissionValues>(),
    /** The owner's note (why a listing should come down). */
    ownerNote: text("owner_note"),
    /** The office's last word: what to change, or why it was declined (the owner sees it). */
    reviewMessage: text("review_message"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("property_submissions_owner_idx").on(t.ownerId, t.updatedAt.desc()),
    index("property_submissions_status_idx").on(t.status, t.submittedAt),
    index("property_submissions_property_idx").on(t.propertyId),
    index("property_submissions_contact_phone_trgm_idx").using(
      "gin",
      sql`${t.contactPhoneNormalized} gin_trgm_ops`,
    ),
  ],
);

/** A submission's photos, stored through the media pipeline with it (one transaction). */
export const submissionPhotos = pgTable(
  "submission_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => propertySubmissions.id, { onDelete: "cascade" }),
    mediaUrl: text("media_url").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** As property_media's: the perceptual fingerprint, null until known. */
    fingerprint: bit("fingerprint", { dimensions: FINGERPRINT_BITS }),
    createdAt: createdAt(),
  },
  (t) => [
    index("submission_photos_submission_idx").on(t.submissionId, t.sortOrder),
    index("submission_photos_unfingerprinted_idx").on(t.id).where(sql`${t.fingerprint} is null`),
    index("submission_photos_url_idx").on(t.mediaUrl),
  ],
);

/** Each step of a submission's life, by the owner or the office: the history both see. */
export const submissionEvents = pgTable(
  "submission_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => propertySubmissions.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: text("from_status", { enum: SUBMISSION_STATUSES }),
    toStatus: text("to_status", { enum: SUBMISSION_STATUSES }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("submission_events_submission_idx").on(t.submissionId, t.createdAt)],
);

/**
 * The thread between an owner and the office on one of their submissions (issue 47): the owner's
 * replies (to "changes requested" too) and the office's; a live listing's thread is that of the
 * submission that made it. `fromOffice` says which side wrote, `authorId` who.
 */
export const submissionMessages = pgTable(
  "submission_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => propertySubmissions.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    fromOffice: boolean("from_office").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_messages_submission_idx").on(t.submissionId, t.createdAt)],
);

/**
 * What a signed-out visitor typed into "List your property", kept while they sign up or sign
 * in (a cookie holds the token; only its hash is stored). Gone once used, or after a day.
 */
export const submissionHolds = pgTable(
  "submission_holds",
  {
    tokenHash: text("token_hash").primaryKey(),
    values: jsonb("values").$type<SubmissionValues>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_holds_created_idx").on(t.createdAt)],
);

/**
 * How often each listing's page was opened, per Lagos day (bots left out, one count per visitor
 * and day): the admin table's 30-day views, the edit page's chart, the dashboard's most viewed.
 */
export const propertyDailyViews = pgTable(
  "property_daily_views",
  {
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day] }),
    index("property_daily_views_day_idx").on(t.day),
  ],
);

/** Where a listing's leads come from (issue 21 item 4). */
export const leadSource = pgEnum("lead_source", LEAD_SOURCES);

/**
 * Leads per listing, Lagos day and source: a viewing booked, an inquiry about it (both counted
 * in the transaction that stores them), a WhatsApp or phone click through /go (once per visitor
 * and day, bots left out, like views).
 */
export const propertyDailyLeads = pgTable(
  "property_daily_leads",
  {
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    source: leadSource("source").notNull(),
    leads: integer("leads").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day, t.source] }),
    index("property_daily_leads_day_idx").on(t.day),
  ],
);

/**
 * Who has been counted today, so a view or a WhatsApp/phone click counts once per listing,
 * Lagos day and client address (an IPv6 /64 as one), with room for a few people behind one
 * shared address (MAX_COUNTS_PER_ADDRESS in app/models/count-once.server.ts). No address is
 * stored: `visitor` is an HMAC of it under a key that changes every day (derived from the auth
 * secret), `agents` short hashes of the browser names counted for it. Yesterday's rows are
 * deleted once a new day's first count comes in.
 */
export const countedVisitors = pgTable(
  "counted_visitors",
  {
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** "view", or the lead source of a click ("whatsapp", "phone"). */
    kind: text("kind").notNull(),
    visitor: text("visitor").notNull(),
    agents: text("agents").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.day, t.kind, t.visitor] }),
    index("counted_visitors_day_idx").on(t.day),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("favorites_user_property_idx").on(t.userId, t.propertyId),
    index("favorites_property_idx").on(t.propertyId),
  ],
);

// "Recently Viewed" on the customer dashboard: one row per user and property, latest view wins.
export const propertyViews = pgTable(
  "property_views",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    viewedAt: timestamp("viewed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.propertyId] }),
    index("property_views_user_viewed_idx").on(t.userId, t.viewedAt.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Appointments. 'scheduled' from the spec's admin side is treated as confirmed (DESIGN.md).

export const appointmentStatus = pgEnum("appointment_status", [
  "pending",
  "confirmed",
  "cancelled",
  "completed",
]);
export const appointmentPurpose = pgEnum("appointment_purpose", ["buy", "sell", "rent", "general"]);

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** `phone` in E.164, written by the database on every write (drizzle/0026; issue 47): what a search by number matches. */
    phoneNormalized: text("phone_normalized"),
    appointmentDate: date("appointment_date", { mode: "string" }).notNull(),
    appointmentTime: text("appointment_time").notNull(),
    propertyType: text("property_type"),
    propertyLocation: text("property_location"),
    purpose: appointmentPurpose("purpose"),
    message: text("message"),
    status: appointmentStatus("status").notNull().default("pending"),
    /** The agent whose viewing it is (their inbox and calendar); null: the admins handle it. */
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * The viewing code (issue 45 item 4): four random digits made when the viewing is confirmed
     * and kept through reschedules; the agent says it when they meet the customer.
     */
    viewingCode: text("viewing_code"),
    /** What staff recorded when completing: the code matched (true), did not (false), or nothing. */
    codeMatched: boolean("code_matched"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("appointments_viewing_code_digits", sql`${t.viewingCode} ~ '^[0-9]{4}$'`),
    index("appointments_user_idx").on(t.userId, t.createdAt.desc()),
    index("appointments_email_lower_idx").on(sql`lower(${t.email})`),
    index("appointments_status_created_idx").on(t.status, t.createdAt.desc()),
    index("appointments_created_idx").on(t.createdAt.desc()),
    index("appointments_date_idx").on(t.appointmentDate),
    index("appointments_agent_date_idx").on(t.agentId, t.appointmentDate),
    // Admin search (name, e-mail or property type): a case-insensitive containment match.
    index("appointments_search_trgm_idx").using(
      "gin",
      sql`(lower(${t.fullName} || ' ' || ${t.email} || ' ' || coalesce(${t.propertyType}, ''))) gin_trgm_ops`,
    ),
    index("appointments_phone_trgm_idx").using("gin", sql`${t.phoneNormalized} gin_trgm_ops`),
  ],
);

// History of status changes and reschedules, shown in the appointment's details.
export const appointmentEvents = pgTable(
  "appointment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: appointmentStatus("from_status"),
    toStatus: appointmentStatus("to_status").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("appointment_events_appointment_idx").on(t.appointmentId, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Inquiries: the contact form, service inquiries and customer complaints (DESIGN.md).

export const inquirySource = pgEnum("inquiry_source", ["contact", "service", "complaint"]);
export const inquiryStatus = pgEnum("inquiry_status", [
  "pending",
  "in-progress",
  "answered",
  "resolved",
  "rejected",
]);

export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: inquirySource("source").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name"),
    email: text("email").notNull(),
    phone: text("phone"),
    /** `phone` in E.164, written by the database on every write (drizzle/0026; issue 47): what a search by number matches. */
    phoneNormalized: text("phone_normalized"),
    subject: text("subject"),
    description: text("description").notNull(),
    service: text("service"),
    /** The listing the message is about ("Ask about this property"; issue 20/21), if any. */
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    status: inquiryStatus("status").notNull().default("pending"),
    response: text("response"),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    respondedBy: text("responded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("inquiries_user_idx").on(t.userId, t.createdAt.desc()),
    index("inquiries_status_created_idx").on(t.status, t.createdAt.desc()),
    index("inquiries_created_idx").on(t.createdAt.desc()),
    index("inquiries_property_idx").on(t.propertyId, t.createdAt.desc()),
    // Admin search (name, e-mail or subject).
    index("inquiries_search_trgm_idx").using(
      "gin",
      sql`(lower(coalesce(${t.name}, '') || ' ' || ${t.email} || ' ' || coalesce(${t.subject}, ''))) gin_trgm_ops`,
    ),
    index("inquiries_phone_trgm_idx").using("gin", sql`${t.phoneNormalized} gin_trgm_ops`),
  ],
);

// ---------------------------------------------------------------------------
// The lead inbox (issue 47 item 1): one row per person to call back, made in the transaction of
// the inquiry, booking or owner submission it comes from (app/models/lead-inbox.server.ts).

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source", { enum: INBOX_SOURCES }).notNull(),
    /** The row it came from (one lead per row: the backfill and a retry never make two). */
    inquiryId: uuid("inquiry_id").references(() => inquiries.id, { onDelete: "set null" }),
    appointmentId: uuid("appointment_id").references(() => appointments.id, {
      onDelete: "set null",
    }),
    submissionId: uuid("submission_id").references(() => propertySubmissions.id, {
      onDelete: "set null",
    }),
    name: text("name").notNull().default(""),
    phone: text("phone"),
    email: text("email"),
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    /** The agent working it; null: the office (admins). */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: LEAD_STATUSES }).notNull().default("new"),
    lostReason: text("lost_reason"),
    /** The Lagos day of the next call, if one is planned. */
    nextFollowUp: date("next_follow_up", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("leads_lost_has_reason", sql`${t.status} <> 'lost' or ${t.lostReason} is not null`),
    uniqueIndex("leads_inquiry_idx").on(t.inquiryId),
    uniqueIndex("leads_appointment_idx").on(t.appointmentId),
    uniqueIndex("leads_submission_idx").on(t.submissionId),
    index("leads_owner_follow_up_idx").on(t.ownerId, t.nextFollowUp),
    index("leads_created_idx").on(t.createdAt.desc()),
  ],
);

/** A lead's history, append-only: notes, status and follow-up changes, with who and when. */
export const leadEvents = pgTable(
  "lead_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["note", "change"] }).notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("lead_events_lead_idx").on(t.leadId, t.createdAt)],
);

// ---------------------------------------------------------------------------
// Site content managed from the admin area.

export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    position: text("position").notNull(),
    bio: text("bio"),
    imageUrl: text("image_url"),
    email: text("email"),
    phone: text("phone"),
    /** The staff account this member is (an agent): their listings show this name and photo. */
    userId: text("user_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("team_members_active_sort_idx").on(t.isActive, t.sortOrder)],
);

/**
 * An agent's public identity (issue 45 item 3): the profile page /agents/:slug and what it shows
 * beside the linked team member's name, photo and position. The slug is made once from the name
 * and never changes. The registration numbers are as the office entered them: the site does not
 * check them with LASRERA or ESVARBON/NIESV. The public e-mail is never the sign-in address
 * unless `publicEmailIsSignIn` says so.
 */
export const agentProfiles = pgTable(
  "agent_profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    staffId: text("staff_id"),
    lasreraNumber: text("lasrera_number"),
    esvarbonNumber: text("esvarbon_number"),
    officialPhone: text("official_phone"),
    officialWhatsapp: text("official_whatsapp"),
    publicEmail: text("public_email"),
    publicEmailIsSignIn: boolean("public_email_is_sign_in").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A staff ID names one person.
    uniqueIndex("agent_profiles_staff_id_idx")
      .on(sql`lower(${t.staffId})`)
      .where(sql`${t.staffId} is not null`),
  ],
);

export const slideMediaType = pgEnum("slide_media_type", ["image", "video"]);
export const slideCategory = pgEnum("slide_category", ["finished", "under_construction"]);

export const slideshowItems = pgTable(
  "slideshow_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title"),
    description: text("description"),
    mediaUrl: text("media_url").notNull(),
    mediaType: slideMediaType("media_type").notNull().default("image"),
    linkUrl: text("link_url"),
    category: slideCategory("category").notNull().default("finished"),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("slideshow_active_sort_idx").on(t.isActive, t.sortOrder)],
);

export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title"),
    description: text("description"),
    videoUrl: text("video_url").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("videos_active_sort_idx").on(t.isActive, t.sortOrder)],
);

// A single record in the spec; kept as one row.
export const socialLinks = pgTable("social_links", {
  id: uuid("id").primaryKey().defaultRandom(),
  facebook: text("facebook"),
  instagram: text("instagram"),
  twitter: text("twitter"),
  linkedin: text("linkedin"),
  tiktok: text("tiktok"),
  youtube: text("youtube"),
  whatsappChannel: text("whatsapp_channel"),
  website: text("website"),
  updatedAt: updatedAt(),
});

export const contactInfoType = pgEnum("contact_info_type", [
  "address",
  "phone",
  "email",
  "hours",
  // The number customers reach on WhatsApp (click-to-chat links on the property and contact
  // pages); at most one, checked by the model.
  "whatsapp",
]);

export const contactInfo = pgTable(
  "contact_info",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    type: contactInfoType("type").notNull(),
    section: text("section").notNull().default("contact"),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("contact_info_section_key_idx").on(t.section, t.key)],
);

// Page texts (section 'home': hero_title, about_description, ...) and services content.
export const websiteContent = pgTable(
  "website_content",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    section: text("section").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("website_content_section_key_idx").on(t.section, t.key)],
);

// The home page's hero backgrounds uploaded from /website-editor, in the order they rotate.
// None: the built-in pictures are shown.
export const heroImages = pgTable(
  "hero_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mediaUrl: text("media_url").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("hero_images_sort_idx").on(t.sortOrder)],
);

// ---------------------------------------------------------------------------
// Saved searches with e-mail alerts (issue 14). `query` is the listing's canonical query string
// (filters only: no sort, view or page). The alert job (app/models/saved-search.server.ts)
// claims due searches (next_alert_at <= now) FOR UPDATE SKIP LOCKED, e-mails the matching
// listings created since `alerted_until` that saved_search_alerts does not hold yet, and
// records them there: each listing at most once per search, whichever instance runs the job.

export const ALERT_FREQUENCY = ["instant", "daily", "weekly", "off"] as const;

export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    frequency: text("frequency", { enum: ALERT_FREQUENCY }).notNull(),
    /** Listings created after this (less a small overlap) are new to the alerts. */
    alertedUntil: timestamp("alerted_until", { withTimezone: true }).notNull().defaultNow(),
    /** When the job next looks at it (alerts on). */
    nextAlertAt: timestamp("next_alert_at", { withTimezone: true }).notNull().defaultNow(),
    lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
    /** The dashboard counts listings created after this as new matches. */
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    index("saved_searches_due_idx").on(t.nextAlertAt).where(sql`${t.frequency} <> 'off'`),
  ],
);

/** The listings an alert has announced, once per search. */
export const savedSearchAlerts = pgTable(
  "saved_search_alerts",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The outbox row of the e-mail that carried it. */
    mailId: uuid("mail_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.propertyId] })],
);

// ---------------------------------------------------------------------------
// Outgoing e-mail: a transactional outbox (app/mail/mail-sender.server.ts, ADR 11). A row is
// inserted 'pending' in the same transaction as the write that causes it, in one of two shapes:
// - a notification (`kind` and `payload`, app/models/notification.server.ts): what happened, with
//   ids and the few values frozen at that moment; `to`, `subject` and `text` are still empty.
//   The sender renders it into its e-mails (one per recipient) just before sending, reading the
//   rest from the models; the row then holds the first of them and the others get rows of their
//   own with the same kind and payload, so the table keeps what went to whom.
// - a rendered message (`kind` null): mail no model write causes (password reset, backups) and
//   rows queued before notifications existed (migration 0013), sent as they are.
// The sender claims due rendered rows with a lease, delivers them through the configured
// transport (SMTP, or the log when SMTP_URL is unset) and marks them 'sent', or retries with
// backoff and finally marks them 'failed'. `error` is the last attempt's error.
// 'held' (issue 44): mail a restore found unsent, or a job queued for a time before the restore;
// the old site may have sent it after the backup was taken, so nothing sends it until a super
// admin chooses "Send now" (back to 'pending') or "Drop" on the Backups screen. The sender
// renders held notifications (so the screen shows who they are for) but never claims them.

export type OutboxAttachment = {
  filename: string;
  contentType: string;
  /** The bytes, as text (utf8) or base64 (`encoding: "base64"`). */
  content: string;
  encoding?: "base64";
};

export const MAIL_STATUSES = ["pending", "sent", "failed", "held"] as const;

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** A notification's kind ("appointment.booked", ...); null for a message queued rendered. */
    kind: text("kind"),
    /** A notification's ids and frozen values (NotificationPayload of its kind). */
    payload: jsonb("payload").$type<Record<string, unknown>>(),
    /** The recipient, subject and text: null until a notification is rendered. */
    to: text("to"),
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    attachments: jsonb("attachments").$type<OutboxAttachment[]>(),
    /** Extra headers (List-Unsubscribe, ...). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    /** Delivery attempts started (counted when claimed, so a crash mid-send counts too). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The claim of the sender delivering it now; another sender may take it after this. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    claimedBy: text("claimed_by"),
    /** 'outbox' (log only, SMTP_URL unset) or 'smtp': set when delivered. */
    transport: text("transport"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_created_idx").on(t.createdAt.desc()),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check(
      "mail_outbox_rendered_or_notification",
      sql`${t.kind} is not null or (${t.to} is not null and ${t.subject} is not null and ${t.text} is not null)`,
    ),
  ],
);

// ---------------------------------------------------------------------------
// The site's identity (issue 44): one row, made by its migration (0022) with a random id, so
// every instance on one PostgreSQL and every restart see the same id. Each backup's manifest
// names it, and a restore compares it with the id of the data it replaces. A restore also
// records here when it ran and what it restored: the jobs hold the mail they queue for a time
// before `restored_at` (the old site may have sent it), see app/models/held-mail.server.ts.

export const siteIdentity = pgTable(
  "site_identity",
  {
    id: integer("id").primaryKey().default(1),
    siteId: uuid("site_id").notNull().defaultRandom(),
    createdAt: createdAt(),
    /** When this database was last put in place by `npm run restore`. */
    restoredAt: timestamp("restored_at", { withTimezone: true }),
    /** The restored backup: when it was taken (its manifest) and its file name. */
    restoredBackupTakenAt: timestamp("restored_backup_taken_at", { withTimezone: true }),
    restoredBackupFile: text("restored_backup_file"),
  },
  (t) => [check("site_identity_single_row", sql`${t.id} = 1`)],
);

// ---------------------------------------------------------------------------
// Audit log: one row for every change an admin makes, written in the change's transaction
// (app/audit/audit.server.ts). Append-only: a trigger (migration 0004) refuses UPDATE, DELETE
// and TRUNCATE. The actor is kept by id and e-mail without a foreign key, so deleting an admin
// neither rewrites nor loses their history.

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").notNull(),
    actorEmail: text("actor_email").notNull(),
    /** What was done, `entity.verb`: property.update, appointment.confirm, ... */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** Only the fields that changed, before and after; secrets are never stored. */
    changes: jsonb("changes").$type<AuditChanges>().notNull().default({}),
    clientAddress: text("client_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_events_created_idx").on(t.createdAt.desc(), t.id),
    index("audit_events_actor_idx").on(t.actorUserId, t.createdAt.desc()),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------------------
// Abuse protection: fixed-window counters for sign-in, sign-up, reset and public forms. In the
// database, not in memory, so the limits hold across several server instances.

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStartedAt)],
);

// ---------------------------------------------------------------------------
// "Is this really NaijaHomes?" (issue 45): the agency's official channels and known impostors
// that /verify answers for, every check a visitor made there, and the fraud reports.

/** What an official-channel row is: one of the agency's own channels, or a known impostor. */
export const officialChannelKind = pgEnum("official_channel_kind", [
  "phone",
  "whatsapp",
  "email",
  "bank_account",
  "impostor",
]);
/** What a value is once read (app/lib/verify-value.ts): how it is matched and recorded. */
export const checkedValueKind = pgEnum("checked_value_kind", [
  "phone",
  "email",
  "account",
  "listing_code",
]);

export const officialChannels = pgTable(
  "official_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: officialChannelKind("kind").notNull(),
    /** As the admin typed it (shown on /verify). */
    value: text("value").notNull(),
    /** Matched against: a phone in E.164, an e-mail in lower case, ten account digits. */
    valueKind: checkedValueKind("value_kind").notNull(),
    normalized: text("normalized").notNull(),
    /** Whose it is, e.g. "NaijaHomes office line" (phones, WhatsApp lines, e-mails). */
    label: text("label").notNull().default(""),
    bankName: text("bank_name"),
    accountName: text("account_name"),
    /** What the channel is used for ("viewings and enquiries"); a known impostor's note. */
    usedFor: text("used_for").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per value: a number is either ours (as one kind) or a known impostor, never both.
    uniqueIndex("official_channels_value_idx").on(t.valueKind, t.normalized),
  ],
);

export const checkVerdict = pgEnum("check_verdict", ["ours", "not_ours", "impostor"]);

/** One row per value ever checked on /verify: how often, the last answer, and when. */
export const verifyChecks = pgTable(
  "verify_checks",
  {
    valueKind: checkedValueKind("value_kind").notNull(),
    normalized: text("normalized").notNull(),
    verdict: checkVerdict("verdict").notNull(),
    checkCount: integer("check_count").notNull().default(1),
    firstCheckedAt: timestamp("first_checked_at", { withTimezone: true }).notNull().defaultNow(),
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.valueKind, t.normalized] }),
    index("verify_checks_last_idx").on(t.lastCheckedAt.desc()),
  ],
);

export const fraudReportReason = pgEnum("fraud_report_reason", [
  "money_before_viewing",
  "different_property",
  "not_available",
  "used_our_name",
  "wrong_details",
  "other",
]);
export const fraudReportStatus = pgEnum("fraud_report_status", [
  "new",
  "looking",
  "resolved",
  "not_a_problem",
]);

export const fraudReports = pgTable(
  "fraud_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What it is about: a listing, an agent, or a value checked on /verify (one of the three). */
    propertyId: uuid("property_id").references(() => properties.id, { onDelete: "set null" }),
    agentId: text("agent_id").references(() => users.id, { onDelete: "set null" }),
    checkedKind: checkedValueKind("checked_kind"),
    checkedValue: text("checked_value"),
    /** The listing's title when reported, kept if the listing is later purged. */
    subjectTitle: text("subject_title"),
    reason: fraudReportReason("reason").notNull(),
    name: text("name"),
    phone: text("phone"),
    email: text("email"),
    message: text("message").notNull().default(""),
    status: fraudReportStatus("status").notNull().default("new"),
    /** When the office warned the listing's enquirers, and how many were mailed. */
    warnedAt: timestamp("warned_at", { withTimezone: true }),
    warnedCount: integer("warned_count"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("fraud_reports_status_created_idx").on(t.status, t.createdAt.desc()),
    index("fraud_reports_created_idx").on(t.createdAt.desc()),
    index("fraud_reports_checked_idx")
      .on(t.checkedKind, t.checkedValue)
      .where(sql`${t.checkedValue} is not null`),
  ],
);

// ---------------------------------------------------------------------------
// Title documents (issue 46, item 2): the scans staff upload, private to staff (stored under
// the media storage's private/ prefix, which /media never serves), and the copies buyers ask for.

export const titleDocuments = pgTable(
  "title_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The storage key (private/title-documents/<uuid>.<ext>). */
    storageKey: text("storage_key").notNull(),
    /** The file's name as uploaded, for the download. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("title_documents_property_idx").on(t.propertyId, t.createdAt)],
);

export const titleCopyStatus = pgEnum("title_copy_status", valuesOf(TITLE_COPY_STATUSES));

export const titleCopyRequests = pgTable(
  "title_copy_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    propertyId: uuid("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: titleCopyStatus("status").notNull().default("requested"),
    /** The office's note to the buyer (required when declined). */
    note: text("note"),
    answeredBy: text("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open request per buyer and listing at a time.
    uniqueIndex("title_copy_requests_open_idx")
      .on(t.propertyId, t.userId)
      .where(sql`${t.status} = 'requested'`),
    index("title_copy_requests_status_idx").on(t.status, t.createdAt),
    index("title_copy_requests_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);
