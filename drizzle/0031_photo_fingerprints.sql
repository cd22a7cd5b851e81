-- Copied photos caught (issue 46 item 3): each listing and submission photo gets a perceptual
-- fingerprint (a 256-bit pHash). Existing rows stay null here: the server's fingerprint job reads
-- their files in the background (app/models/photo-fingerprint-job.server.ts).
ALTER TABLE "property_media" ADD COLUMN "fingerprint" bit(256);--> statement-breakpoint
ALTER TABLE "submission_photos" ADD COLUMN "fingerprint" bit(256);--> statement-breakpoint
CREATE INDEX "property_media_unfingerprinted_idx" ON "property_media" USING btree ("id") WHERE "property_media"."fingerprint" is null and "property_media"."media_type" = 'image';--> statement-breakpoint
CREATE INDEX "submission_photos_unfingerprinted_idx" ON "submission_photos" USING btree ("id") WHERE "submission_photos"."fingerprint" is null;