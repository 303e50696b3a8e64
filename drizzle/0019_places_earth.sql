-- Near me: radius searches and distance order on listings' public points.
-- earthdistance (built on cube; both trusted extensions of PostgreSQL's contrib since 13,
-- and shipped by PGlite) maps a point to a cube on the Earth's surface. It is stored as a
-- generated column, so a search computes no ll_to_earth per row, and a GiST index on it
-- serves earth_box(…) @> public_earth and ordering by public_earth <-> point.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "public_earth" cube GENERATED ALWAYS AS (ll_to_earth("public_lat", "public_lng")) STORED;--> statement-breakpoint
CREATE INDEX "foods_public_point_idx" ON "foods" USING gist ("public_earth");
