CREATE TABLE "new_request_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" text NOT NULL,
	"donor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_streams" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "event_streams" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "event_streams" ADD COLUMN "opened_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "seq" bigint DEFAULT plateful_next_event_seq() NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "drop_key" text;--> statement-breakpoint
ALTER TABLE "new_request_mails" ADD CONSTRAINT "new_request_mails_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_request_mails" ADD CONSTRAINT "new_request_mails_donor_id_users_id_fk" FOREIGN KEY ("donor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "new_request_mails_pair_idx" ON "new_request_mails" USING btree ("donor_id","requester_id","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_streams_address_idx" ON "event_streams" USING btree ("address");--> statement-breakpoint
CREATE INDEX "notifications_user_seq_idx" ON "notifications" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "outbox_drop_key_idx" ON "outbox" USING btree ("drop_key");