-- Commit-ordered sequence of live events: one counter row, updated by
-- every transaction that takes a number and locked by it until commit, so numbers
-- are handed out in commit order (a plain sequence is not: a transaction may take
-- 5, another 6 and commit first).
CREATE TABLE "event_seq" ("n" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "event_seq" ("n") VALUES (0);
--> statement-breakpoint
CREATE FUNCTION plateful_next_event_seq() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE v bigint;
BEGIN
  UPDATE event_seq SET n = n + 1 RETURNING n INTO v;
  RETURN v;
END $$;
--> statement-breakpoint
-- Any end of a session closes the live streams opened with it, on every process:
-- logout, revocation, password change, ban, account deletion (the
-- cascade fires this too) and whatever later code deletes session rows.
CREATE FUNCTION plateful_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('plateful_events', json_build_object('kind', 'session-ended', 'sessionId', OLD.id)::text);
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION plateful_session_ended();
--> statement-breakpoint
-- A user who becomes banned (Better Auth admin plugin's `banned` column, when it
-- exists: read through to_jsonb so this works before and after it is added).
CREATE FUNCTION plateful_user_banned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(to_jsonb(NEW)->>'banned', 'false') = 'true' AND coalesce(to_jsonb(OLD)->>'banned', 'false') <> 'true' THEN
    PERFORM pg_notify('plateful_events', json_build_object('kind', 'user-ended', 'userId', NEW.id)::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_banned AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION plateful_user_banned();
