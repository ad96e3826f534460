CREATE TABLE "entry_day_sums" (
	"owner_id" uuid NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "entry_day_sums_owner_id_date_type_pk" PRIMARY KEY("owner_id","date","type")
);
--> statement-breakpoint
CREATE TABLE "entry_month_sums" (
	"owner_id" uuid NOT NULL,
	"month" date NOT NULL,
	"type" text NOT NULL,
	"category_id" uuid NOT NULL,
	"subcategory_id" uuid,
	"payment_method" text NOT NULL,
	"n" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "entry_month_sums_key" UNIQUE NULLS NOT DISTINCT("owner_id","month","type","category_id","subcategory_id","payment_method")
);
--> statement-breakpoint
ALTER TABLE "entry_day_sums" ADD CONSTRAINT "entry_day_sums_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_month_sums" ADD CONSTRAINT "entry_month_sums_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;