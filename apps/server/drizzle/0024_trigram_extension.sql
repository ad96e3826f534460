-- The searches' contains-matching reads trigram indexes (issue 31; ADR 013). PGlite loads the extension's code
-- itself (db/client.ts), PostgreSQL ships it in contrib; this makes it exist in the database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
