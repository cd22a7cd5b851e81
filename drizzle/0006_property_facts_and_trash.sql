CREATE TYPE "public"."furnishing" AS ENUM('furnished', 'semi-furnished', 'unfurnished');--> statement-breakpoint
CREATE TYPE "public"."listing_status" AS ENUM('available', 'under-offer', 'sold', 'let');--> statement-breakpoint
CREATE TYPE "public"."title_document" AS ENUM('c-of-o', 'governors-consent', 'deed-of-assignment', 'registered-survey', 'excision', 'gazette', 'other', 'none');--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "status" "listing_status" DEFAULT 'available' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "title_document" "title_document";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "service_charge" bigint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "toilets" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "parking_spaces" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "furnishing" "furnishing";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "serviced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "properties_deleted_at_idx" ON "properties" USING btree ("deleted_at") WHERE "properties"."deleted_at" is not null;