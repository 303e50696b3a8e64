CREATE TABLE "calendar_feeds" (
	"user_id" text PRIMARY KEY NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "pickup_calendar_entries" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"donor_id" text NOT NULL,
	"requester_id" text NOT NULL,
	"food_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"fingerprint" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickup_windows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"food_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer,
	CONSTRAINT "pickup_windows_ordered" CHECK ("pickup_windows"."ends_at" > "pickup_windows"."starts_at"),
	CONSTRAINT "pickup_windows_capacity_positive" CHECK ("pickup_windows"."capacity" is null or "pickup_windows"."capacity" > 0)
);
--> statement-breakpoint
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
ALTER TABLE "foods" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "pickup_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_calendar_entries" ADD CONSTRAINT "pickup_calendar_entries_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_calendar_entries" ADD CONSTRAINT "pickup_calendar_entries_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_windows" ADD CONSTRAINT "pickup_windows_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_series_id_recurring_offers_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."recurring_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_offers" ADD CONSTRAINT "recurring_offers_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_offers" ADD CONSTRAINT "recurring_offers_source_food_id_foods_id_fk" FOREIGN KEY ("source_food_id") REFERENCES "public"."foods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_windows_food_idx" ON "pickup_windows" USING btree ("food_id","ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "pickup_windows_ends_at_idx" ON "pickup_windows" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "recurring_offers_donor_idx" ON "recurring_offers" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "recurring_offers_active_idx" ON "recurring_offers" USING btree ("id") WHERE "recurring_offers"."status" = 'Active';--> statement-breakpoint
CREATE INDEX "foods_listed_pickup_until_idx" ON "foods" USING btree ("pickup_until") WHERE "foods"."status" in ('Available', 'Reserved') and "foods"."pickup_until" is not null;--> statement-breakpoint
CREATE INDEX "foods_series_idx" ON "foods" USING btree ("series_id","created_at") WHERE "foods"."series_id" is not null;--> statement-breakpoint
CREATE INDEX "requests_donor_accepted_idx" ON "requests" USING btree ("donor_id","accepted_at") WHERE "requests"."accepted_at" is not null;