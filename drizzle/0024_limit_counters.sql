-- Plateful's own limit counters (src/server/http/schema.ts); Better Auth keeps rate_limits for itself.
CREATE TABLE "limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_end" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "limit_counters_window_end_idx" ON "limit_counters" USING btree ("window_end");