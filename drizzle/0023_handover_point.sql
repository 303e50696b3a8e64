ALTER TABLE "requests" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "handover_lat" double precision;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "handover_lng" double precision;