-- Trigram matching for the listing text search (case-insensitive containment on an index).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
