ALTER TABLE "tasks" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
-- Tasks completed before this column existed: their last change is the best known completion time.
UPDATE "tasks" SET "completed_at" = "updated_at" WHERE "completed" AND "type" = 'task';
