-- A person whose name, photo, address, verification, role or ban changed: every process
-- drops their cached sessions (src/server/auth/session-cache.ts).
CREATE FUNCTION plateful_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name OR NEW.image IS DISTINCT FROM OLD.image OR NEW.email IS DISTINCT FROM OLD.email
     OR NEW.email_verified IS DISTINCT FROM OLD.email_verified OR NEW.role IS DISTINCT FROM OLD.role
     OR NEW.banned IS DISTINCT FROM OLD.banned THEN
    PERFORM pg_notify('plateful_events', json_build_object('kind', 'user-changed', 'userId', NEW.id)::text);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION plateful_user_changed();
