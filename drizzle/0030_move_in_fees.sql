-- Issue 46 item 4 and issue 45 item 5: a rental's move-in items (agency fee, legal/agreement fee,
-- caution deposit, service charge: each an amount or a percentage of a year's rent; months of
-- rent in advance), all null on existing listings (nothing stated, nothing shown), and the office
-- settings for the sale fee terms and the limits a rental's fees must keep. Existing settings rows
-- take the defaults. The hand-written part at the end keeps each fee to an amount or a percentage.
ALTER TABLE "office_settings" ADD COLUMN "sale_agency_fee_percent" numeric(5, 2) DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "sale_legal_fee_percent" numeric(5, 2) DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "agency_fee_cap_percent" numeric(5, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "legal_fee_cap_percent" numeric(5, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "office_settings" ADD COLUMN "exempt_areas" text DEFAULT 'Apapa, Ikeja GRA, Ikoyi, Victoria Island' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "service_charge_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agency_fee" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agency_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "legal_fee" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "legal_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "caution_deposit" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "caution_deposit_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "rent_advance_months" integer;;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_fee_amount_or_percent" CHECK (
  ("agency_fee" IS NULL OR "agency_fee_percent" IS NULL)
  AND ("legal_fee" IS NULL OR "legal_fee_percent" IS NULL)
  AND ("caution_deposit" IS NULL OR "caution_deposit_percent" IS NULL)
  AND ("service_charge" IS NULL OR "service_charge_percent" IS NULL)
);
