ALTER TABLE "users" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_requests_open_plan_uq" ON "support_requests" USING btree ("user_id") WHERE "support_requests"."plan_id" IS NOT NULL AND "support_requests"."status" = 'open';