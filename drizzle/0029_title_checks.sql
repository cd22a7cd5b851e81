-- Issue 46, item 2: a sale listing's title check (level, date, by whom, lawyer), the private title
-- documents staff upload, and the copies buyers ask for. The new enum value 'registered-conveyance'
-- is not used here (PostgreSQL cannot use an enum value added in the same transaction).
CREATE TYPE "public"."title_check" AS ENUM('documents-sighted', 'registry-search', 'survey-charted', 'lawyer-report');--> statement-breakpoint
CREATE TYPE "public"."title_copy_status" AS ENUM('requested', 'sent', 'declined');--> statement-breakpoint
ALTER TYPE "public"."title_document" ADD VALUE 'registered-conveyance' BEFORE 'registered-survey';--> statement-breakpoint
CREATE TABLE "title_copy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" "title_copy_status" DEFAULT 'requested' NOT NULL,
	"note" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "title_check" "title_check";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "title_checked_on" date;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "title_checked_by" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "title_lawyer" text;--> statement-breakpoint
ALTER TABLE "title_copy_requests" ADD CONSTRAINT "title_copy_requests_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_copy_requests" ADD CONSTRAINT "title_copy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_copy_requests" ADD CONSTRAINT "title_copy_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_documents" ADD CONSTRAINT "title_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_documents" ADD CONSTRAINT "title_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "title_copy_requests_open_idx" ON "title_copy_requests" USING btree ("property_id","user_id") WHERE "title_copy_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "title_copy_requests_status_idx" ON "title_copy_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "title_copy_requests_user_idx" ON "title_copy_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "title_documents_property_idx" ON "title_documents" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "title_documents" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "title_documents" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "title_copy_requests" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "title_copy_requests" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();
