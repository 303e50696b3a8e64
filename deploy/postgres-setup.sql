-- Run once on the database host as a superuser (psql -f deploy/postgres-setup.sql):
-- the role and database Plateful uses, and the defaults that a transaction-mode pooler
-- would drop if the app set them per connection (docs/operations.md, "Pooled connections").
-- Pick the password with \set before running, e.g. psql -v password="'…'" -f …
CREATE ROLE plateful LOGIN PASSWORD :password;
CREATE DATABASE plateful OWNER plateful;
\connect plateful
-- The migrations create their extensions (pg_trgm, cube, earthdistance: trusted, so the owner may).
-- Statements outside a transaction (through PgBouncer) get this; transactions set their own (DB_STATEMENT_TIMEOUT_MS).
ALTER ROLE plateful IN DATABASE plateful SET statement_timeout = '5s';
ALTER ROLE plateful IN DATABASE plateful SET lock_timeout = '5s';
