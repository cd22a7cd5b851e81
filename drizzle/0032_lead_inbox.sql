-- Issue 47 item 1, the lead inbox: the leads table and its history (lead_events), the two
-- data-change triggers each, and the backfill of a lead for every inquiry (complaints left
-- out), booked viewing and owner's listing submission stored before it (new ones are made by
-- their writes: app/models/lead-inbox.server.ts). Old rows get the status their record implies.
CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"actor_user_id" text,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"inquiry_id" uuid,
	"appointment_id" uuid,
	"submission_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"phone" text,
	"email" text,
	"property_id" uuid,
	"owner_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"lost_reason" text,
	"next_follow_up" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_lost_has_reason" CHECK ("leads"."status" <> 'lost' or "leads"."lost_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_inquiry_id_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."inquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_submission_id_property_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."property_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_inquiry_idx" ON "leads" USING btree ("inquiry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_appointment_idx" ON "leads" USING btree ("appointment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_submission_idx" ON "leads" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "leads_owner_follow_up_idx" ON "leads" USING btree ("owner_id","next_follow_up");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "leads" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "leads" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "lead_events" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "lead_events" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
-- Inquiries (contact and service forms, "Ask about this property"): the listing's active agent.
INSERT INTO "leads" ("source", "inquiry_id", "name", "phone", "email", "property_id", "owner_id", "status", "lost_reason", "created_at", "updated_at")
SELECT 'inquiry', i."id", coalesce(i."name", ''), i."phone", i."email", i."property_id",
  (SELECT u."id" FROM "properties" p JOIN "users" u ON u."id" = p."agent_id"
    WHERE p."id" = i."property_id" AND u."role"::text = 'agent' AND u."status"::text = 'active'),
  CASE i."status"::text WHEN 'pending' THEN 'new' WHEN 'rejected' THEN 'lost' ELSE 'contacted' END,
  CASE i."status"::text WHEN 'rejected' THEN 'Inquiry rejected' END,
  i."created_at", i."created_at"
FROM "inquiries" i WHERE i."source"::text <> 'complaint'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Booked viewings: the viewing's agent.
INSERT INTO "leads" ("source", "appointment_id", "name", "phone", "email", "property_id", "owner_id", "status", "lost_reason", "created_at", "updated_at")
SELECT 'booking', a."id", a."full_name", a."phone", a."email", a."property_id", a."agent_id",
  CASE a."status"::text WHEN 'pending' THEN 'new' WHEN 'cancelled' THEN 'lost' ELSE 'viewing_booked' END,
  CASE a."status"::text WHEN 'cancelled' THEN 'Viewing cancelled' END,
  a."created_at", a."created_at"
FROM "appointments" a
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Owners' listing submissions once sent: the owner's own contact, for the office.
INSERT INTO "leads" ("source", "submission_id", "name", "phone", "email", "property_id", "status", "lost_reason", "created_at", "updated_at")
SELECT 'submission', s."id", coalesce(u."name", ''), u."phone", u."email", s."property_id",
  CASE s."status" WHEN 'approved' THEN 'won' WHEN 'declined' THEN 'lost' WHEN 'withdrawn' THEN 'lost'
    WHEN 'submitted' THEN 'new' ELSE 'contacted' END,
  CASE s."status" WHEN 'declined' THEN 'Submission declined' WHEN 'withdrawn' THEN 'Withdrawn by the owner' END,
  coalesce(s."submitted_at", s."created_at"), coalesce(s."submitted_at", s."created_at")
FROM "property_submissions" s JOIN "users" u ON u."id" = s."owner_id"
WHERE s."kind" = 'listing' AND s."status" <> 'draft'
ON CONFLICT DO NOTHING;
