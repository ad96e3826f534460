-- Messages and notifications carry `seen` beside `read` (issue 46; docs/product.md "Top bar, user menu and
-- panels"): seen once the item has been shown or read, and mark-all-as-read sets both. An item already read
-- has been seen.
ALTER TABLE "panel_items" ADD COLUMN "seen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "panel_items" SET "seen" = true WHERE "read";
