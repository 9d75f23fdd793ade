ALTER TABLE "orders" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_country" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_id" text;