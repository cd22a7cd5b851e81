CREATE TABLE "agent_rota" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"general_bookings" text DEFAULT 'admins' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_settings_single_row" CHECK ("office_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "agent_rota" ADD CONSTRAINT "agent_rota_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;