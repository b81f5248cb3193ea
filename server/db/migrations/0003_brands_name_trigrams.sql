-- The brands grid's quick filter is `name ilike '%q%'`: a trigram index answers it without reading every brand of a
-- 20,000-brand subcategory. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite
-- loads it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "brands_name_trgm_idx" ON "brands" USING gin ("name" gin_trgm_ops);