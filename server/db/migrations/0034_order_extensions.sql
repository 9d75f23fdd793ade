ALTER TABLE "orders" ADD COLUMN "extensions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A reservation extended before this migration had its one extension (decision 038).
UPDATE "orders" SET "extensions" = 1 WHERE "extended_at" IS NOT NULL;
