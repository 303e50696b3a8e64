CREATE TABLE "recurring_occurrences" (
	"series_id" uuid NOT NULL,
	"occurs_on" date NOT NULL,
	"food_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_occurrences_series_id_occurs_on_pk" PRIMARY KEY("series_id","occurs_on")
);
--> statement-breakpoint
CREATE TABLE "recurring_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"donor_id" text NOT NULL,
	"source_food_id" uuid,
	"weekdays" integer[] NOT NULL,
	"until" date,
	"time_zone" text NOT NULL,
	"anchor_on" date NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_series_id_recurring_offers_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."recurring_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_offers" ADD CONSTRAINT "recurring_offers_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_offers" ADD CONSTRAINT "recurring_offers_source_food_id_foods_id_fk" FOREIGN KEY ("source_food_id") REFERENCES "public"."foods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_offers_donor_idx" ON "recurring_offers" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "recurring_offers_active_idx" ON "recurring_offers" USING btree ("id") WHERE "recurring_offers"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "foods_series_idx" ON "foods" USING btree ("series_id","created_at") WHERE "foods"."series_id" is not null;