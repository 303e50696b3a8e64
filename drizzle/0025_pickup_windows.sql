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
ALTER TABLE "foods" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "pickup_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pickup_windows" ADD CONSTRAINT "pickup_windows_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_windows_food_idx" ON "pickup_windows" USING btree ("food_id","ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "pickup_windows_ends_at_idx" ON "pickup_windows" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "foods_listed_pickup_until_idx" ON "foods" USING btree ("pickup_until") WHERE "foods"."status" in ('Available', 'Reserved') and "foods"."pickup_until" is not null;