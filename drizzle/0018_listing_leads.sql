CREATE TYPE "public"."lead_source" AS ENUM('booking', 'inquiry', 'whatsapp', 'phone');--> statement-breakpoint
CREATE TABLE "property_daily_leads" (
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" "lead_source" NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "property_daily_leads_property_id_day_source_pk" PRIMARY KEY("property_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "property_id" uuid;--> statement-breakpoint
ALTER TABLE "property_daily_leads" ADD CONSTRAINT "property_daily_leads_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_daily_leads_day_idx" ON "property_daily_leads" USING btree ("day");--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_property_idx" ON "inquiries" USING btree ("property_id","created_at" DESC NULLS LAST);