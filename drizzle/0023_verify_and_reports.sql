-- Issue 45, "Is this really NaijaHomes?": the agency's official channels and known impostors
-- (/admin/channels), every value checked on /verify (verify_checks) and the fraud reports
-- (/admin/reports). Hand-written below: each new table announces its changes like every table
-- (drizzle/0019_data_change_notices.sql).
CREATE TYPE "public"."check_verdict" AS ENUM('ours', 'not_ours', 'impostor');--> statement-breakpoint
CREATE TYPE "public"."checked_value_kind" AS ENUM('phone', 'email', 'account', 'listing_code');--> statement-breakpoint
CREATE TYPE "public"."fraud_report_reason" AS ENUM('money_before_viewing', 'different_property', 'not_available', 'used_our_name', 'wrong_details', 'other');--> statement-breakpoint
CREATE TYPE "public"."fraud_report_status" AS ENUM('new', 'looking', 'resolved', 'not_a_problem');--> statement-breakpoint
CREATE TYPE "public"."official_channel_kind" AS ENUM('phone', 'whatsapp', 'email', 'bank_account', 'impostor');--> statement-breakpoint
CREATE TABLE "fraud_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"agent_id" text,
	"checked_kind" "checked_value_kind",
	"checked_value" text,
	"subject_title" text,
	"reason" "fraud_report_reason" NOT NULL,
	"name" text,
	"phone" text,
	"email" text,
	"message" text DEFAULT '' NOT NULL,
	"status" "fraud_report_status" DEFAULT 'new' NOT NULL,
	"warned_at" timestamp with time zone,
	"warned_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_channels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "official_channel_kind" NOT NULL,
	"value" text NOT NULL,
	"value_kind" "checked_value_kind" NOT NULL,
	"normalized" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"bank_name" text,
	"account_name" text,
	"used_for" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verify_checks" (
	"value_kind" "checked_value_kind" NOT NULL,
	"normalized" text NOT NULL,
	"verdict" "check_verdict" NOT NULL,
	"check_count" integer DEFAULT 1 NOT NULL,
	"first_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verify_checks_value_kind_normalized_pk" PRIMARY KEY("value_kind","normalized")
);
--> statement-breakpoint
ALTER TABLE "fraud_reports" ADD CONSTRAINT "fraud_reports_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_reports" ADD CONSTRAINT "fraud_reports_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fraud_reports_status_created_idx" ON "fraud_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fraud_reports_created_idx" ON "fraud_reports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fraud_reports_checked_idx" ON "fraud_reports" USING btree ("checked_kind","checked_value") WHERE "fraud_reports"."checked_value" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "official_channels_value_idx" ON "official_channels" USING btree ("value_kind","normalized");--> statement-breakpoint
CREATE INDEX "verify_checks_last_idx" ON "verify_checks" USING btree ("last_checked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "official_channels" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "official_channels" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "verify_checks" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "verify_checks" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "fraud_reports" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "fraud_reports" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();
