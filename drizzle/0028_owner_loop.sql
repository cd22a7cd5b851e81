-- Issue 47 item 6, owners kept in the loop: the owner-office thread on a submission
-- (submission_messages) and the owner's switch for the same-day e-mail about an inquiry or a
-- booked viewing of their listing (user_settings.owner_interest_alerts, on by default).
CREATE TABLE "submission_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"author_id" text,
	"from_office" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "owner_interest_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_messages" ADD CONSTRAINT "submission_messages_submission_id_property_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."property_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_messages" ADD CONSTRAINT "submission_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_messages_submission_idx" ON "submission_messages" USING btree ("submission_id","created_at");--> statement-breakpoint
-- Announced like every table (drizzle/0019_data_change_notices.sql): the Backups screen shows it.
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "submission_messages" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "submission_messages" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();
