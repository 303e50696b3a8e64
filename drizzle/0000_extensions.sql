-- pg_trgm backs the case-insensitive substring search on food names (DESIGN.md "Data").
CREATE EXTENSION IF NOT EXISTS pg_trgm;
