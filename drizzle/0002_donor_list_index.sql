DROP INDEX "foods_donor_id_idx";--> statement-breakpoint
CREATE INDEX "foods_donor_id_expires_on_idx" ON "foods" USING btree ("donor_id","expires_on","id");