ALTER TABLE "social_links" ADD COLUMN "tiktok" text;--> statement-breakpoint
ALTER TABLE "social_links" ADD COLUMN "youtube" text;--> statement-breakpoint
ALTER TABLE "social_links" ADD COLUMN "whatsapp_channel" text;