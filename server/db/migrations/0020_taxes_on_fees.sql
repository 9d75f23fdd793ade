ALTER TABLE "taxes_and_fees" ADD COLUMN "applies_to_fees" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now every tax was computed on the fees as well: existing taxes keep doing so (decision 004).
UPDATE "taxes_and_fees" SET "applies_to_fees" = true WHERE "type" = 'TAX';
