-- Found by phone (issue 47, item 3): every phone number the app keeps about a person (an
-- account's, a booking's, an inquiry's, an owner submission's contact) is stored a second time in
-- one form, E.164 (+2348035551234), so a search for "0803 555 1234", "803-555-1234" or
-- "+234 803 555 1234" finds it with a trigram index. The form is written by the database on every
-- insert and update (BEFORE triggers: whoever writes, the forms, better-auth, the seed, a restore),
-- and the rows there were before are filled here. naija_phone_e164 reads a number exactly as
-- normalizePhone in app/lib/phone.ts does; app/models/phone-search.server.test.ts holds the two to
-- the same answers.
CREATE FUNCTION naija_phone_e164(phone text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  compact text := regexp_replace(coalesce(phone, ''), '[[:space:].()/-]', '', 'g');
  digits text;
  national text;
BEGIN
  IF compact !~ '^(\+|00)?[0-9]+$' THEN RETURN NULL; END IF;
  digits := regexp_replace(compact, '^(\+|00)', '');
  IF digits LIKE '234%' THEN
    -- "+234 (0) 803 ...": the trunk 0 after the country code is dropped.
    national := regexp_replace(substr(digits, 4), '^0', '');
    RETURN CASE WHEN national ~ '^[1-9][0-9]{6,9}$' THEN '+234' || national END;
  END IF;
  IF compact ~ '^(\+|00)' THEN
    RETURN CASE WHEN digits ~ '^[1-9][0-9]{7,14}$' THEN '+' || digits END;
  END IF;
  IF digits ~ '^[789][01][0-9]{8}$' THEN RETURN '+234' || digits; END IF;
  national := substring(digits FROM '^0([1-9][0-9]{6,9})$');
  RETURN CASE WHEN national IS NOT NULL THEN '+234' || national END;
END
$$;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "phone_normalized" text;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "phone_normalized" text;--> statement-breakpoint
ALTER TABLE "property_submissions" ADD COLUMN "contact_phone_normalized" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_normalized" text;--> statement-breakpoint
CREATE INDEX "appointments_phone_trgm_idx" ON "appointments" USING gin ("phone_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inquiries_phone_trgm_idx" ON "inquiries" USING gin ("phone_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_submissions_contact_phone_trgm_idx" ON "property_submissions" USING gin ("contact_phone_normalized" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone_normalized" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION naija_fill_phone_normalized() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.phone_normalized := naija_phone_e164(NEW.phone);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION naija_fill_contact_phone_normalized() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.contact_phone_normalized := naija_phone_e164(NEW."values" ->> 'contactPhone');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER naija_fill_phone_normalized BEFORE INSERT OR UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION naija_fill_phone_normalized();--> statement-breakpoint
CREATE TRIGGER naija_fill_phone_normalized BEFORE INSERT OR UPDATE ON "appointments" FOR EACH ROW EXECUTE FUNCTION naija_fill_phone_normalized();--> statement-breakpoint
CREATE TRIGGER naija_fill_phone_normalized BEFORE INSERT OR UPDATE ON "inquiries" FOR EACH ROW EXECUTE FUNCTION naija_fill_phone_normalized();--> statement-breakpoint
CREATE TRIGGER naija_fill_contact_phone_normalized BEFORE INSERT OR UPDATE ON "property_submissions" FOR EACH ROW EXECUTE FUNCTION naija_fill_contact_phone_normalized();--> statement-breakpoint
-- The rows there were before (the triggers fill each row as it is rewritten).
UPDATE "users" SET "phone" = "phone" WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "appointments" SET "phone" = "phone";--> statement-breakpoint
UPDATE "inquiries" SET "phone" = "phone" WHERE "phone" IS NOT NULL;--> statement-breakpoint
UPDATE "property_submissions" SET "values" = "values" WHERE "values" ? 'contactPhone';
