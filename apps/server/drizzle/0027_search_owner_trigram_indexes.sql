DROP INDEX "entries_description_trgm_idx";--> statement-breakpoint
DROP INDEX "entries_reference_trgm_idx";--> statement-breakpoint
CREATE INDEX "entries_owner_description_trgm_idx" ON "entries" USING gin ("owner_id","description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "entries_owner_reference_trgm_idx" ON "entries" USING gin ("owner_id","reference" gin_trgm_ops) WITH (fastupdate=false);