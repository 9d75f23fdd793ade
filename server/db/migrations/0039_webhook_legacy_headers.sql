-- Endpoints made before decision 045 keep the old Tessera-Webhook-* headers besides the
-- standard ones, until their owner turns them off; new endpoints get only the standard ones.
ALTER TABLE "webhook_endpoints" ADD COLUMN "legacy_headers" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ALTER COLUMN "legacy_headers" SET DEFAULT false;
