CREATE TABLE "recurring_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"recurring_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"template" jsonb NOT NULL,
	"frequency" text NOT NULL,
	"interval" integer DEFAULT 1 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"mode" text DEFAULT 'record' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"next_date" date,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "recurring_id" uuid;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_recurring_id_recurring_templates_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_templates" ADD CONSTRAINT "recurring_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_occurrences_once_uq" ON "recurring_occurrences" USING btree ("recurring_id","date");--> statement-breakpoint
CREATE INDEX "recurring_occurrences_owner_idx" ON "recurring_occurrences" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "recurring_templates_owner_idx" ON "recurring_templates" USING btree ("owner_id","next_date");--> statement-breakpoint
CREATE INDEX "recurring_templates_due_idx" ON "recurring_templates" USING btree ("next_date") WHERE "recurring_templates"."deleted_at" is null and not "recurring_templates"."paused" and "recurring_templates"."next_date" is not null;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_recurring_id_recurring_templates_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_templates"("id") ON DELETE no action ON UPDATE no action;