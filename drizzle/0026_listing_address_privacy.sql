-- Issue 46, item 5: an owner's address stays private. A listing shows its area (typed, or the
-- address's last part after a comma) until the office chooses to show the full address. New
-- listings default to the area only; listings already on the site keep showing what they showed,
-- except owners' listings, whose owners were told their details stay private.
ALTER TABLE "properties" ADD COLUMN "area" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "address_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "properties" SET "address_public" = ("owner_id" IS NULL);--> statement-breakpoint
CREATE INDEX "properties_public_search_trgm_idx" ON "properties" USING gin ((lower("title" || ' ' || (case when "address_public" then "address" when "area" <> '' then "area" when strpos("address", ',') > 0 then btrim(regexp_replace("address", '^.*,', '')) else '' end) || ' ' || "city")) gin_trgm_ops);