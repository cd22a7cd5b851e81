-- Listing reference codes and the agency's fee terms (issue 45, items 1 and 5).
-- Every listing gets a short code, NH-<state>-<number> (NH-LAG-0421): the number comes from a
-- sequence, so a code is never given twice, even after its listing is purged; listing_codes keeps
-- every code ever given, so /r/CODE can tell "no longer on offer" from "never ours". The code is
-- assigned by a BEFORE INSERT trigger on properties, in the insert's own transaction, whoever
-- inserts (the admin form, the CSV import, an approved owner submission, the seed, a test); an
-- AFTER INSERT trigger records it in listing_codes. Existing listings get codes here, oldest
-- first. The office's fee terms are four columns of office_settings with Lagos's customary
-- defaults (10% agency, 10% legal, at most a year's rent in advance, six months if monthly).
CREATE TABLE "listing_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"property_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_codes_property_id_unique" UNIQUE("property_id")
);
--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "agency_fee_percent" numeric(5, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "legal_fee_percent" numeric(5, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "advance_rent_months_yearly" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "advance_rent_months_monthly" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD CONSTRAINT "office_settings_fees_range" CHECK ("office_settings"."agency_fee_percent" between 0 and 100 and "office_settings"."legal_fee_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "reference_code" text;--> statement-breakpoint
ALTER TABLE "listing_codes" ADD CONSTRAINT "listing_codes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The numbers: one sequence for the whole agency (a number alone already names one listing).
CREATE SEQUENCE "listing_code_number";--> statement-breakpoint
-- A listing's state from its city (app/lib/property-options.ts CITIES; a city not known here is
-- NGA). Kept in step with CITIES by app/models/listing-code.server.test.ts.
CREATE FUNCTION naija_listing_state(city text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE lower(trim(city))
    WHEN 'lagos' THEN 'LAG'
    WHEN 'abuja' THEN 'FCT'
    WHEN 'port harcourt' THEN 'RIV'
    WHEN 'ibadan' THEN 'OYO'
    WHEN 'kano' THEN 'KAN'
    WHEN 'calabar' THEN 'CRS'
    WHEN 'enugu' THEN 'ENU'
    WHEN 'warri' THEN 'DEL'
    WHEN 'katsina' THEN 'KAT'
    WHEN 'kaduna' THEN 'KAD'
    WHEN 'zaria' THEN 'KAD'
    WHEN 'owerri' THEN 'IMO'
    ELSE 'NGA'
  END
$$;--> statement-breakpoint
-- The code for a number: at least four digits (NH-LAG-0007), more once the numbers need them.
CREATE FUNCTION naija_listing_code(city text, n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'NH-' || naija_listing_state(city) || '-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END
$$;--> statement-breakpoint
-- Existing listings, oldest first (the id breaks ties), numbered 1, 2, 3...
UPDATE "properties" p SET "reference_code" = naija_listing_code(p."city", o.n)
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "properties") o
  WHERE o."id" = p."id";--> statement-breakpoint
SELECT setval('listing_code_number', (SELECT count(*) FROM "properties") + 1, false);--> statement-breakpoint
INSERT INTO "listing_codes" ("code", "property_id", "created_at")
  SELECT "reference_code", "id", "created_at" FROM "properties";--> statement-breakpoint
ALTER TABLE "properties" ALTER COLUMN "reference_code" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_reference_code_idx" ON "properties" USING btree ("reference_code");--> statement-breakpoint
-- A new listing's code, before the row is written (NOT NULL is checked after this trigger). A
-- row that arrives with a code (a restore) keeps it.
CREATE FUNCTION naija_assign_listing_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.reference_code IS NULL THEN
    NEW.reference_code := naija_listing_code(NEW.city, nextval('listing_code_number'));
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER naija_assign_listing_code BEFORE INSERT ON "properties" FOR EACH ROW EXECUTE FUNCTION naija_assign_listing_code();--> statement-breakpoint
-- A code stays with its listing for good: an update never changes it.
CREATE FUNCTION naija_keep_listing_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.reference_code := OLD.reference_code;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER naija_keep_listing_code BEFORE UPDATE OF reference_code ON "properties" FOR EACH ROW EXECUTE FUNCTION naija_keep_listing_code();--> statement-breakpoint
-- The register of codes given, written with the listing.
CREATE FUNCTION naija_register_listing_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_codes (code, property_id) VALUES (NEW.reference_code, NEW.id)
    ON CONFLICT (code) DO UPDATE SET property_id = EXCLUDED.property_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER naija_register_listing_code AFTER INSERT ON "properties" FOR EACH ROW EXECUTE FUNCTION naija_register_listing_code();--> statement-breakpoint
-- Announced like every table (drizzle/0019_data_change_notices.sql).
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "listing_codes" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "listing_codes" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();
