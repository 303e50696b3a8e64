CREATE TABLE "place_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "public_lat" double precision;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "public_lng" double precision;--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_point_complete" CHECK (("foods"."lat" is null) = ("foods"."public_lat" is null) and ("foods"."lat" is null) = ("foods"."lng" is null) and ("foods"."public_lat" is null) = ("foods"."public_lng" is null));