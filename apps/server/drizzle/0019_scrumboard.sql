CREATE TABLE "scrumboard_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrumboard_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"position" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"labels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"due_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrumboard_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scrumboard_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"board_id" uuid NOT NULL,
	"position" bigint NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scrumboard_boards" ADD CONSTRAINT "scrumboard_boards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrumboard_cards" ADD CONSTRAINT "scrumboard_cards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrumboard_cards" ADD CONSTRAINT "scrumboard_cards_board_id_scrumboard_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."scrumboard_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrumboard_cards" ADD CONSTRAINT "scrumboard_cards_list_id_scrumboard_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."scrumboard_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrumboard_labels" ADD CONSTRAINT "scrumboard_labels_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrumboard_labels" ADD CONSTRAINT "scrumboard_labels_board_id_scrumboard_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."scrumboard_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrumboard_lists" ADD CONSTRAINT "scrumboard_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scrumboard_lists" ADD CONSTRAINT "scrumboard_lists_board_id_scrumboard_boards_id_fk" FOREIGN KEY ("board_id") REFERENCES "public"."scrumboard_boards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scrumboard_boards_owner_idx" ON "scrumboard_boards" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "scrumboard_cards_list_idx" ON "scrumboard_cards" USING btree ("list_id","position");--> statement-breakpoint
CREATE INDEX "scrumboard_cards_board_idx" ON "scrumboard_cards" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "scrumboard_labels_board_idx" ON "scrumboard_labels" USING btree ("board_id");--> statement-breakpoint
CREATE INDEX "scrumboard_lists_board_idx" ON "scrumboard_lists" USING btree ("board_id","position");