CREATE TABLE "wanted_matches" (
	"wanted_id" uuid NOT NULL,
	"food_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wanted_matches_wanted_id_food_id_pk" PRIMARY KEY("wanted_id","food_id")
);
--> statement-breakpoint
ALTER TABLE "wanted_matches" ADD CONSTRAINT "wanted_matches_wanted_id_wanted_posts_id_fk" FOREIGN KEY ("wanted_id") REFERENCES "public"."wanted_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_matches" ADD CONSTRAINT "wanted_matches_food_id_foods_id_fk" FOREIGN KEY ("food_id") REFERENCES "public"."foods"("id") ON DELETE cascade ON UPDATE no action;