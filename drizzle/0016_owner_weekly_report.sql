CREATE TABLE "owner_weekly_reports" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_weekly_reports_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "owner_weekly_report_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "owner_weekly_reports" ADD CONSTRAINT "owner_weekly_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;