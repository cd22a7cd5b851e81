-- Dated availability (issue 46, item 1): the confirmations of each listing's availability, the
-- reminders sent, the periods as office settings, and on each listing its last confirmation and
-- when it was marked let or sold. Every listing already on the site is confirmed as of this
-- migration by the office ("office records"), so nothing leaves the search on deploy.
CREATE TABLE "availability_reminders" (
	"property_id" uuid NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_reminders_property_id_confirmed_at_pk" PRIMARY KEY("property_id","confirmed_at")
);
--> statement-breakpoint
CREATE TABLE "listing_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"confirmed_by" text,
	"outcome" text DEFAULT 'available' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "availability_rent_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "availability_sale_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "availability_reminder_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "closed_badge_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "availability_confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "availability_method" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "availability_confirmed_by" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "availability_reminders" ADD CONSTRAINT "availability_reminders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_confirmations" ADD CONSTRAINT "listing_confirmations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_confirmations" ADD CONSTRAINT "listing_confirmations_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_confirmations_property_idx" ON "listing_confirmations" USING btree ("property_id","confirmed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_availability_confirmed_by_users_id_fk" FOREIGN KEY ("availability_confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_availability_idx" ON "properties" USING btree ("availability_confirmed_at");--> statement-breakpoint
-- Existing listings: confirmed now by the office's records (the column's default gave them this
-- moment), with that confirmation in the history; a listing already let or sold counts as
-- marked at its last change, so an old one stays out of the search as it was.
UPDATE "properties" SET "availability_method" = 'records';--> statement-breakpoint
UPDATE "properties" SET "closed_at" = "updated_at" WHERE "status" IN ('sold', 'let');--> statement-breakpoint
INSERT INTO "listing_confirmations" ("property_id", "confirmed_at", "method")
  SELECT "id", "availability_confirmed_at", 'records' FROM "properties";--> statement-breakpoint
-- When a listing becomes let or sold, whoever writes it (the admin form, a bulk change, an import,
-- an owner's answer): the moment its badge counts from. Back on offer, it has none. A write that
-- sets closed_at itself keeps its value.
CREATE FUNCTION naija_listing_closed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" IN ('sold', 'let') THEN
    IF TG_OP = 'INSERT' THEN
      NEW."closed_at" := coalesce(NEW."closed_at", now());
    ELSIF OLD."status" NOT IN ('sold', 'let') AND NEW."closed_at" IS NOT DISTINCT FROM OLD."closed_at" THEN
      NEW."closed_at" := now();
    END IF;
  ELSE
    NEW."closed_at" := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER naija_listing_closed_at BEFORE INSERT OR UPDATE OF "status" ON "properties" FOR EACH ROW EXECUTE FUNCTION naija_listing_closed_at();--> statement-breakpoint
-- Announced like every table (drizzle/0019_data_change_notices.sql).
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "listing_confirmations" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "listing_confirmations" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "availability_reminders" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "availability_reminders" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();
