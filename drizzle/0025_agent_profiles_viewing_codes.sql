-- Issue 45 items 3 and 4: agents you can identify (agent_profiles: the public profile page's slug,
-- staff ID, LASRERA and ESVARBON/NIESV numbers, official phone and WhatsApp, public e-mail) and
-- viewing codes (appointments.viewing_code, code_matched). The hand-written part at the end makes
-- a profile for every agent account there is and gives every confirmed viewing still to come its
-- code.
CREATE TABLE "agent_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"staff_id" text,
	"lasrera_number" text,
	"esvarbon_number" text,
	"official_phone" text,
	"official_whatsapp" text,
	"public_email" text,
	"public_email_is_sign_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "viewing_code" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "code_matched" boolean;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_profiles_staff_id_idx" ON "agent_profiles" USING btree (lower("staff_id")) WHERE "agent_profiles"."staff_id" is not null;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_viewing_code_digits" CHECK ("appointments"."viewing_code" ~ '^[0-9]{4}$');--> statement-breakpoint
-- Announced like every table (drizzle/0019_data_change_notices.sql).
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "agent_profiles" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "agent_profiles" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
-- A profile for each agent account: the slug from the team card's name, else the account's
-- (as app/lib/agent-profile.ts makes it; a second person of the same name gets "-2", ...), and
-- as official phone the number their listings showed until now (the card's, else the account's).
INSERT INTO "agent_profiles" ("user_id", "slug", "official_phone")
SELECT s."id", CASE WHEN s."n" = 1 THEN s."base" ELSE s."base" || '-' || s."n" END, s."phone"
FROM (
  SELECT b."id", b."base", b."phone",
    row_number() OVER (PARTITION BY b."base" ORDER BY b."created_at", b."id") AS "n"
  FROM (
    SELECT u."id", u."created_at", coalesce(nullif(tm."phone", ''), nullif(u."phone", '')) AS "phone",
      coalesce(nullif(trim(BOTH '-' FROM regexp_replace(lower(
        coalesce(nullif(trim(tm."name"), ''), nullif(trim(u."name"), ''), split_part(u."email", '@', 1))
      ), '[^a-z0-9]+', '-', 'g')), ''), 'agent') AS "base"
    FROM "users" u LEFT JOIN "team_members" tm ON tm."user_id" = u."id"
    -- As text: on a new database every migration runs in one transaction, and the enum value
    -- 'agent' (added by 0015) cannot be named as a user_role before that commits.
    WHERE u."role"::text = 'agent'
  ) b
) s
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Confirmed viewings from today on (Lagos: UTC+1, no summer time) get their code now.
UPDATE "appointments" SET "viewing_code" = lpad(floor(random() * 10000)::int::text, 4, '0')
WHERE "status" = 'confirmed' AND "viewing_code" IS NULL
  AND "appointment_date" >= ((now() AT TIME ZONE 'UTC') + interval '1 hour')::date;
