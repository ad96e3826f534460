CREATE TABLE "panel_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"box" text NOT NULL,
	"key" text,
	"title" text NOT NULL,
	"description" text,
	"icon" text,
	"image" text,
	"link" text,
	"use_router" boolean DEFAULT true NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "panel_state" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"shortcuts_seeded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shortcuts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"icon" text NOT NULL,
	"link" text NOT NULL,
	"use_router" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"screenshot" "bytea",
	"screenshot_mime" text,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_answer_ck" CHECK ("support_requests"."status" = 'open' OR "support_requests"."answer" IS NOT NULL OR "support_requests"."status" = 'closed')
);
--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "ref_id" uuid;--> statement-breakpoint
ALTER TABLE "panel_items" ADD CONSTRAINT "panel_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_state" ADD CONSTRAINT "panel_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shortcuts" ADD CONSTRAINT "shortcuts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_items_owner_idx" ON "panel_items" USING btree ("owner_id","box","time");--> statement-breakpoint
CREATE UNIQUE INDEX "panel_items_key_uq" ON "panel_items" USING btree ("owner_id","box","key") WHERE "panel_items"."key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shortcuts_owner_idx" ON "shortcuts" USING btree ("owner_id","sort_order");--> statement-breakpoint
CREATE INDEX "support_requests_status_idx" ON "support_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_user_idx" ON "support_requests" USING btree ("user_id","created_at");--> statement-breakpoint
-- Business gifts get their own subcategory of "Otros gastos": the notifications ask for their receipts (PRODUCT.md's chart has no gifts line).
INSERT INTO "subcategories" ("id","category_id","name") SELECT '00000000-0000-4000-9000-000024000001','00000000-0000-4000-8000-000000000024','Regalos de negocio' WHERE EXISTS (SELECT 1 FROM "categories" WHERE "id" = '00000000-0000-4000-8000-000000000024') ON CONFLICT DO NOTHING;
