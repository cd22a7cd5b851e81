CREATE TABLE "site_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_backup_taken_at" timestamp with time zone,
	"restored_backup_file" text,
	CONSTRAINT "site_identity_single_row" CHECK ("site_identity"."id" = 1)
);
--> statement-breakpoint
-- The site's id, made once (issue 44): every instance on this database and every backup of it
-- name this id; a restore compares it with the archive's (app/backup/restore-guard.server.ts).
INSERT INTO "site_identity" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Announced like every table (drizzle/0019_data_change_notices.sql): the Backups screen shows it.
CREATE TRIGGER naija_data_changed AFTER INSERT OR UPDATE OR DELETE ON "site_identity" FOR EACH ROW EXECUTE FUNCTION naija_data_changed();--> statement-breakpoint
CREATE TRIGGER naija_data_truncated AFTER TRUNCATE ON "site_identity" FOR EACH STATEMENT EXECUTE FUNCTION naija_data_changed();
