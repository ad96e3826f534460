DROP INDEX "entries_owner_date_idx";--> statement-breakpoint
DROP INDEX "entries_owner_type_amount_idx";--> statement-breakpoint
CREATE INDEX "entries_owner_date_idx" ON "entries" USING btree ("owner_id","date","created_at","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_owner_type_amount_idx" ON "entries" USING btree ("owner_id","type","amount","created_at","id" DESC NULLS FIRST);