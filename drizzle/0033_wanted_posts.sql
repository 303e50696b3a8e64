CREATE TABLE "wanted_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wanted_id" uuid NOT NULL,
	"food_id" uuid NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wanted_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poster_id" text NOT NULL,
	"title" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"public_lat" double precision NOT NULL,
	"public_lng" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "wanted_posts_point" CHECK ("wanted_posts"."lat" between -90 and 90 and "wanted_posts"."lng" between -180 and 180),
	CONSTRAINT "wanted_posts_radius" CHECK ("wanted_posts"."radius_km" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "wanted_answers" ADD CONSTRAINT "wanted_answers_wanted_id_wanted_posts_id_fk" FOREIGN KEY ("wanted_id") REFERENCES "public"."wanted_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_answers" ADD CONSTRAINT "wanted_answers_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_posts" ADD CONSTRAINT "wanted_posts_poster_id_users_id_fk" FOREIGN KEY ("poster_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wanted_answers_once" ON "wanted_answers" USING btree ("wanted_id","food_id");--> statement-breakpoint
CREATE INDEX "wanted_answers_food_idx" ON "wanted_answers" USING btree ("food_id");--> statement-breakpoint
CREATE INDEX "wanted_posts_open_idx" ON "wanted_posts" USING btree ("created_at","id") WHERE "wanted_posts"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "wanted_posts_expires_idx" ON "wanted_posts" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wanted_posts_poster_idx" ON "wanted_posts" USING btree ("poster_id","created_at");