CREATE INDEX "entries_owner_date_sums_idx" ON "entries" USING btree ("owner_id","date","category_id","subcategory_id","amount");--> statement-breakpoint
CREATE INDEX "entries_description_trgm_idx" ON "entries" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entries_reference_trgm_idx" ON "entries" USING gin ("reference" gin_trgm_ops);