-- A search's trigram indexes hold the owner too (issue 31; ADR 015): btree_gin gives GIN the owner's uuid beside
-- the words' trigrams. PGlite loads the extension's code itself (db/client.ts), PostgreSQL ships it in contrib;
-- this makes it exist in the database.
CREATE EXTENSION IF NOT EXISTS btree_gin;
