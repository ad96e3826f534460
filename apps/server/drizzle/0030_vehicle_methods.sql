CREATE TABLE "vehicle_year_methods" (
	"owner_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"method" text NOT NULL,
	"odometer_start" bigint,
	"odometer_end" bigint,
	"total_miles" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_year_methods_vehicle_id_year_pk" PRIMARY KEY("vehicle_id","year"),
	CONSTRAINT "vehicle_year_methods_miles_positive" CHECK ("vehicle_year_methods"."total_miles" is null or "vehicle_year_methods"."total_miles" > 0),
	CONSTRAINT "vehicle_year_methods_actual_needs_miles" CHECK ("vehicle_year_methods"."method" = 'standard' or "vehicle_year_methods"."total_miles" is not null)
);
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "vehicle_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicle_year_methods" ADD CONSTRAINT "vehicle_year_methods_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_year_methods" ADD CONSTRAINT "vehicle_year_methods_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_year_methods_owner_idx" ON "vehicle_year_methods" USING btree ("owner_id","year");--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entries_vehicle_idx" ON "entries" USING btree ("owner_id","vehicle_id","date") WHERE "entries"."vehicle_id" is not null;