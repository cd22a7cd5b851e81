CREATE TABLE "property_daily_views" (
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "property_daily_views_property_id_day_pk" PRIMARY KEY("property_id","day")
);
--> statement-breakpoint
ALTER TABLE "property_daily_views" ADD CONSTRAINT "property_daily_views_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_daily_views_day_idx" ON "property_daily_views" USING btree ("day");