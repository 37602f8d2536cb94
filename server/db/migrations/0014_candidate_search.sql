-- The trigram operator class for the candidates' search (decision 032); trusted, so the app's role may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || chr(10) || first_name || ' ' || coalesce(middle_name || ' ', '') || last_name || chr(10) || coalesce(email, '') || chr(10) || phone)) STORED;--> statement-breakpoint
CREATE INDEX "candidates_search_trgm_idx" ON "candidates" USING gin ("search_text" gin_trgm_ops);