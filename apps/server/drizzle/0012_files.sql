CREATE TABLE "file_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"mime" text,
	"size" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"description" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_parent_id_file_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_items_owner_parent_idx" ON "file_items" USING btree ("owner_id","parent_id");--> statement-breakpoint
-- Hand-written: the parent link is checked at commit, so a restore, which inserts rows in id order,
-- may insert a folder's contents before the folder.
ALTER TABLE "file_items" DROP CONSTRAINT "file_items_parent_id_file_items_id_fk";--> statement-breakpoint
ALTER TABLE "file_items" ADD CONSTRAINT "file_items_parent_id_file_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_items"("id") ON DELETE cascade DEFERRABLE INITIALLY DEFERRED;
