ALTER TABLE "foods" ADD COLUMN "category" text DEFAULT 'Other' NOT NULL;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "diet" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "allergens" jsonb;--> statement-breakpoint
ALTER TABLE "foods" ADD COLUMN "allergen_free" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "foods_listed_category_idx" ON "foods" USING btree ("category","expires_on","id") WHERE "foods"."status" in ('Available', 'Reserved');--> statement-breakpoint
CREATE INDEX "foods_listed_diet_idx" ON "foods" USING gin ("diet") WHERE "foods"."status" in ('Available', 'Reserved');--> statement-breakpoint
CREATE INDEX "foods_listed_allergen_free_idx" ON "foods" USING gin ("allergen_free") WHERE "foods"."status" in ('Available', 'Reserved');--> statement-breakpoint
ALTER TABLE "foods" ADD CONSTRAINT "foods_category_known" CHECK ("foods"."category" in ('Bakery', 'FruitVeg', 'DairyEggs', 'MeatFish', 'PreparedMeals', 'Pantry', 'Drinks', 'BabyFood', 'PetFood', 'Other'));