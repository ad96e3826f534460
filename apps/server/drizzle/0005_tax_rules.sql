CREATE TABLE "tax_rules" (
	"year" integer PRIMARY KEY NOT NULL,
	"contractor_threshold" bigint NOT NULL,
	"social_security_wage_base" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The information-return threshold (600 dollars through 2025, 2,000 from 2026) and the Social Security wage base.
INSERT INTO "tax_rules" ("year", "contractor_threshold", "social_security_wage_base") VALUES
  (2022, 60000, 14700000),
  (2023, 60000, 16020000),
  (2024, 60000, 16860000),
  (2025, 60000, 17610000),
  (2026, 200000, 18450000);
