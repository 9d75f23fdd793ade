ALTER TABLE "orders" ADD COLUMN "reference" text;--> statement-breakpoint
UPDATE "orders" SET "reference" = upper(substr(md5(random()::text || "id"::text), 1, 8));--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "extended_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_idx" ON "orders" USING btree ("event_id","reference");
