ALTER TABLE "requests" DROP CONSTRAINT "requests_status_known";--> statement-breakpoint
DROP INDEX "foods_expires_on_idx";--> statement-breakpoint
DROP INDEX "foods_quantity_idx";--> statement-breakpoint
DROP INDEX "requests_one_pending_per_requester";--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "status" text DEFAULT 'Available' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "pickup_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "accept_note" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
CREATE INDEX "foods_listed_expires_on_idx" ON "foods" USING btree ("expires_on","id") WHERE "foods"."status" in ('Available', 'Reserved');--> statement-breakpoint
CREATE INDEX "foods_listed_quantity_idx" ON "foods" USING btree ("quantity","id") WHERE "foods"."status" in ('Available', 'Reserved');--> statement-breakpoint
CREATE UNIQUE INDEX "requests_one_open_per_requester" ON "requests" USING btree ("food_id","requester_id") WHERE "requests"."status" in ('Pending', 'Accepted');--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_status_known" CHECK ("foods"."status" in ('Available', 'Reserved', 'Collected', 'Expired'));--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_known" CHECK ("requests"."status" in ('Pending', 'Accepted', 'Delivered', 'Declined', 'NoShow'));