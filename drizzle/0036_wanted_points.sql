-- Wanted posts near a point, read through GiST indexes as listings are (0019_places_earth):
-- `public_earth`, the public (blurred) point as an earthdistance cube, serves the list's
-- `near` (earth_box(…) @> public_earth); `earth`, the exact point, serves the matching of a
-- new listing against the open posts (earth_box around the listing, 50 km: the largest radius).
-- Both are generated columns, so no query computes ll_to_earth per row; both indexes hold only
-- the posts not hidden, which are all the two queries read.
ALTER TABLE "wanted_posts" ADD COLUMN "public_earth" cube GENERATED ALWAYS AS (ll_to_earth("public_lat", "public_lng")) STORED;--> statement-breakpoint
ALTER TABLE "wanted_posts" ADD COLUMN "earth" cube GENERATED ALWAYS AS (ll_to_earth("lat", "lng")) STORED;--> statement-breakpoint
CREATE INDEX "wanted_posts_public_point_idx" ON "wanted_posts" USING gist ("public_earth") WHERE "hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "wanted_posts_point_idx" ON "wanted_posts" USING gist ("earth") WHERE "hidden_at" IS NULL;
