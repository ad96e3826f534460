CREATE TABLE "inventory_product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "avatar_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_product_images" ADD CONSTRAINT "inventory_product_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_product_images" ADD CONSTRAINT "inventory_product_images_product_id_inventory_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_product_images_product_idx" ON "inventory_product_images" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "inventory_product_images_owner_idx" ON "inventory_product_images" USING btree ("owner_id");