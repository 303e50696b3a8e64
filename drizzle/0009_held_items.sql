ALTER TABLE "foods" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "held_at" timestamp with time zone;