CREATE TABLE "home_areas" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"radius_km" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_areas_point" CHECK ("home_areas"."lat" between -90 and 90 and "home_areas"."lng" between -180 and 180),
	CONSTRAINT "home_areas_radius" CHECK ("home_areas"."radius_km" between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "home_areas" ADD CONSTRAINT "home_areas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;