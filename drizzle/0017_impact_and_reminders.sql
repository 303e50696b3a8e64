CREATE TABLE "community_impact" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"kg" numeric(14, 3) DEFAULT 0 NOT NULL,
	CONSTRAINT "community_impact_one_row" CHECK ("community_impact"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_impact" (
	"user_id" text PRIMARY KEY NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"kg" numeric(14, 3) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "weight_kg" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "delivered_kg" numeric(8, 3);--> statement-breakpoint
ALTER TABLE "user_impact" ADD CONSTRAINT "user_impact_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_accepted_idx" ON "requests" USING btree ("accepted_at") WHERE "requests"."status" = 'Accepted';