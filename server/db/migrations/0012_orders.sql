CREATE TABLE "order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"price_id" bigint,
	"title" text NOT NULL,
	"price_label" text,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"discount" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"fees" integer NOT NULL,
	"taxes" integer NOT NULL,
	"total" integer NOT NULL,
	"charges" jsonb,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"short_id" text NOT NULL,
	"status" text NOT NULL,
	"reserved_until" timestamp with time zone,
	"promo_code_id" bigint,
	"promo_code" text,
	"affiliate_code" text,
	"currency" text NOT NULL,
	"gross" integer NOT NULL,
	"discount" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"fees" integer NOT NULL,
	"taxes" integer NOT NULL,
	"total" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"locale" text,
	"idempotency_key" text,
	"request_hash" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_money" CHECK ("orders"."total" >= 0 and "orders"."subtotal" >= 0 and "orders"."discount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "capacity_assignments" DROP CONSTRAINT "capacity_assignments_used";--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_price_id_ticket_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."ticket_prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_ticket_idx" ON "order_items" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_short_id_idx" ON "orders" USING btree ("short_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("event_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_event_idx" ON "orders" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_reserved_idx" ON "orders" USING btree ("reserved_until") WHERE "orders"."status" = 'RESERVED';--> statement-breakpoint
ALTER TABLE "capacity_assignments" ADD CONSTRAINT "capacity_assignments_used" CHECK ("capacity_assignments"."used" >= 0 and ("capacity_assignments"."status" <> 'ACTIVE' or "capacity_assignments"."capacity" is null or "capacity_assignments"."used" <= "capacity_assignments"."capacity"));