DROP INDEX "pickup_windows_ends_at_idx";--> statement-breakpoint
CREATE INDEX "pickup_windows_span_idx" ON "pickup_windows" USING gist (tstzrange("starts_at", "ends_at"));