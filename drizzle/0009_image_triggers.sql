-- An image goes with its last uploader. Deleting an account cascades to its
-- image_uploads rows; when no uploader of that image is left, the image goes too, in
-- the same transaction (proxied images and images stored before uploaders were recorded
-- have no image_uploads rows and are left to the hourly clean-up).
CREATE FUNCTION image_uploads_last_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM images
  WHERE id = OLD.image_id
    AND NOT EXISTS (SELECT 1 FROM image_uploads WHERE image_id = OLD.image_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER image_uploads_last_gone AFTER DELETE ON image_uploads
  FOR EACH ROW EXECUTE FUNCTION image_uploads_last_gone();
--> statement-breakpoint
-- On the embedded database a variant's bytes are a file (bytes IS NULL). Its
-- removal is queued with the row's deletion and announced; NOTIFY is delivered on commit,
-- so the file store unlinks only files whose rows are really gone.
CREATE FUNCTION image_variants_file_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO image_file_removals (image_id, size) VALUES (OLD.image_id, OLD.size);
  PERFORM pg_notify('plateful_image_files', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER image_variants_file_removed AFTER DELETE ON image_variants
  FOR EACH ROW WHEN (OLD.bytes IS NULL) EXECUTE FUNCTION image_variants_file_removed();
