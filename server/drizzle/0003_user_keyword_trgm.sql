-- Keyword search of the user list (account, name, pinyin initials) through a trigram index.
-- pg_trgm ships with PostgreSQL (a trusted extension since 13); where it cannot be created
-- (PGlite without the extension loaded) the search still works, without the index.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: user keyword search runs without its index';
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS base_user_keyword_trgm ON base_user
      USING gin ((account || ' ' || real_name || ' ' || coalesce(quick_query, '')) gin_trgm_ops);
  END IF;
END $$;
