CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"brand_id" uuid,
	"vendor_id" uuid,
	"stock" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"base_price" bigint DEFAULT 0 NOT NULL,
	"tax_hundredths" integer DEFAULT 0 NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"weight_grams" bigint DEFAULT 0 NOT NULL,
	"thumbnail" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_products_stock" CHECK ("inventory_products"."stock" >= 0 and "inventory_products"."reserved" >= 0 and "inventory_products"."reserved" <= "inventory_products"."stock")
);
--> statement-breakpoint
CREATE TABLE "inventory_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "inventory_product_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_inventory_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."inventory_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_brands" ADD CONSTRAINT "inventory_brands_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_categories" ADD CONSTRAINT "inventory_categories_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_category_id_inventory_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inventory_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_brand_id_inventory_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."inventory_brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_products" ADD CONSTRAINT "inventory_products_vendor_id_inventory_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."inventory_vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_tags" ADD CONSTRAINT "inventory_tags_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_vendors" ADD CONSTRAINT "inventory_vendors_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_entry_uq" ON "stock_movements" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("product_id","date");--> statement-breakpoint
CREATE INDEX "inventory_brands_owner_idx" ON "inventory_brands" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "inventory_categories_owner_idx" ON "inventory_categories" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "inventory_products_owner_name_idx" ON "inventory_products" USING btree ("owner_id",(upper("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "inventory_products_owner_sku_idx" ON "inventory_products" USING btree ("owner_id",(upper("sku") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "inventory_products_owner_active_idx" ON "inventory_products" USING btree ("owner_id","active",(upper("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "inventory_products_owner_stock_idx" ON "inventory_products" USING btree ("owner_id","stock",(upper("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "inventory_products_owner_price_idx" ON "inventory_products" USING btree ("owner_id","price",(upper("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "inventory_products_category_idx" ON "inventory_products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "inventory_products_brand_idx" ON "inventory_products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "inventory_products_vendor_idx" ON "inventory_products" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "inventory_tags_owner_idx" ON "inventory_tags" USING btree ("owner_id","title");--> statement-breakpoint
CREATE INDEX "inventory_vendors_owner_idx" ON "inventory_vendors" USING btree ("owner_id","name");--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_inventory_product_id_inventory_products_id_fk" FOREIGN KEY ("inventory_product_id") REFERENCES "public"."inventory_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entries_inventory_product_idx" ON "entries" USING btree ("inventory_product_id");