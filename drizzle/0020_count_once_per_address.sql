CREATE TABLE "counted_visitors" (
	"property_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"visitor" text NOT NULL,
	"agents" text[] NOT NULL,
	CONSTRAINT "counted_visitors_property_id_day_kind_visitor_pk" PRIMARY KEY("property_id","day","kind","visitor")
);
--> statement-breakpoint
ALTER TABLE "counted_visitors" ADD CONSTRAINT "counted_visitors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counted_visitors_day_idx" ON "counted_visitors" USING btree ("day");