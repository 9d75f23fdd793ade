-- Who reserved an order, to cap the reservations one client address holds open (decision 018).
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "orders_open_by_address_idx" ON "orders" USING btree ("client_address","reserved_until") WHERE "orders"."status" in ('RESERVED', 'PAYMENT_FAILED');