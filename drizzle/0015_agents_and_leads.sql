ALTER TYPE "public"."user_role" ADD VALUE 'agent';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "agent_id" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "agent_id" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_agent_date_idx" ON "appointments" USING btree ("agent_id","appointment_date");--> statement-breakpoint
CREATE INDEX "properties_agent_idx" ON "properties" USING btree ("agent_id");--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_unique" UNIQUE("user_id");