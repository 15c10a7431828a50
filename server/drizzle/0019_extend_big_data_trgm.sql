-- Keyword search of the big-data demo (code or name contains the keyword) through trigram
-- indexes, one per column so an OR of the two ILIKEs can use both. pg_trgm ships with
-- PostgreSQL; where it is not available (PGlite) the search runs without the indexes.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: big-data keyword search runs without its index';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS ext_big_data_en_code_trgm ON ext_big_data USING gin (en_code gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS ext_big_data_full_name_trgm ON ext_big_data USING gin (full_name gin_trgm_ops);
  END IF;
END $$;
