ALTER TABLE "refunds" ADD COLUMN "method" text DEFAULT 'STRIPE' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "note" text;