CREATE TABLE "event_date_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_date_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"rule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capacity_stock" (
	"date_id" bigint NOT NULL,
	"capacity_assignment_id" bigint NOT NULL,
	"capacity" integer,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "capacity_stock_date_id_capacity_assignment_id_pk" PRIMARY KEY("date_id","capacity_assignment_id"),
	CONSTRAINT "capacity_stock_used" CHECK ("capacity_stock"."used" >= 0 and ("capacity_stock"."capacity" is null or "capacity_stock"."used" <= "capacity_stock"."capacity"))
);
--> statement-breakpoint
CREATE TABLE "promo_code_stock" (
	"date_id" bigint NOT NULL,
	"promo_code_id" bigint NOT NULL,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_code_stock_date_id_promo_code_id_pk" PRIMARY KEY("date_id","promo_code_id"),
	CONSTRAINT "promo_code_stock_usage" CHECK ("promo_code_stock"."times_used" >= 0 and ("promo_code_stock"."usage_limit" is null or "promo_code_stock"."times_used" <= "promo_code_stock"."usage_limit"))
);
--> statement-breakpoint
CREATE TABLE "ticket_stock" (
	"date_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"quantity" integer,
	"own_quantity" boolean DEFAULT false NOT NULL,
	"price" integer,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"quantity_sold" integer DEFAULT 0 NOT NULL,
	"quantity_reserved" integer DEFAULT 0 NOT NULL,
	"date_capped" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ticket_stock_date_id_ticket_id_pk" PRIMARY KEY("date_id","ticket_id"),
	CONSTRAINT "ticket_stock_quantity" CHECK ("ticket_stock"."quantity" is null or "ticket_stock"."quantity_sold" + "ticket_stock"."quantity_reserved" <= "ticket_stock"."quantity"),
	CONSTRAINT "ticket_stock_counts" CHECK ("ticket_stock"."quantity_sold" >= 0 and "ticket_stock"."quantity_reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tier_stock" (
	"date_id" bigint NOT NULL,
	"price_id" bigint NOT NULL,
	"quantity" integer,
	"quantity_sold" integer DEFAULT 0 NOT NULL,
	"quantity_reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tier_stock_date_id_price_id_pk" PRIMARY KEY("date_id","price_id"),
	CONSTRAINT "tier_stock_quantity" CHECK ("tier_stock"."quantity" is null or "tier_stock"."quantity_sold" + "tier_stock"."quantity_reserved" <= "tier_stock"."quantity"),
	CONSTRAINT "tier_stock_counts" CHECK ("tier_stock"."quantity_sold" >= 0 and "tier_stock"."quantity_reserved" >= 0)
);
--> statement-breakpoint
ALTER TABLE "capacity_assignments" DROP CONSTRAINT "capacity_assignments_used";--> statement-breakpoint
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_usage";--> statement-breakpoint
ALTER TABLE "ticket_prices" DROP CONSTRAINT "ticket_prices_stock";--> statement-breakpoint
ALTER TABLE "ticket_prices" DROP CONSTRAINT "ticket_prices_counts";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_stock";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_counts";--> statement-breakpoint
DROP INDEX "waitlist_entries_active_email_idx";--> statement-breakpoint
DROP INDEX "waitlist_entries_ticket_status_idx";--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD COLUMN "date_id" bigint;--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_dates" ADD COLUMN "rule_id" bigint;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "date_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "date_id" bigint;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "date_id" bigint;--> statement-breakpoint
ALTER TABLE "event_date_rules" ADD CONSTRAINT "event_date_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_date_rules" ADD CONSTRAINT "event_date_rules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_stock" ADD CONSTRAINT "capacity_stock_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_stock" ADD CONSTRAINT "capacity_stock_capacity_assignment_id_capacity_assignments_id_fk" FOREIGN KEY ("capacity_assignment_id") REFERENCES "public"."capacity_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_stock" ADD CONSTRAINT "promo_code_stock_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_stock" ADD CONSTRAINT "promo_code_stock_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_stock" ADD CONSTRAINT "ticket_stock_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_stock" ADD CONSTRAINT "ticket_stock_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_stock" ADD CONSTRAINT "tier_stock_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tier_stock" ADD CONSTRAINT "tier_stock_price_id_ticket_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."ticket_prices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_date_rules_event_idx" ON "event_date_rules" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "capacity_stock_assignment_idx" ON "capacity_stock" USING btree ("capacity_assignment_id");--> statement-breakpoint
CREATE INDEX "promo_code_stock_code_idx" ON "promo_code_stock" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "ticket_stock_ticket_idx" ON "ticket_stock" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tier_stock_price_idx" ON "tier_stock" USING btree ("price_id");--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_rule_id_event_date_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."event_date_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_dates_rule_idx" ON "event_dates" USING btree ("rule_id");--> statement-breakpoint
CREATE INDEX "attendees_date_idx" ON "attendees" USING btree ("date_id","ticket_id");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_email_idx" ON "waitlist_entries" USING btree ("date_id","ticket_id","email") WHERE "waitlist_entries"."status" in ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE INDEX "waitlist_entries_ticket_status_idx" ON "waitlist_entries" USING btree ("date_id","ticket_id","status","id");--> statement-breakpoint
-- Orders, attendees and waiting-list entries made before dates are for their event's date (one
-- each: migration 0040); the counters move to the stock of that date, every other date of an
-- event starts with none sold.
UPDATE "orders" SET "date_id" = d."id" FROM (SELECT "event_id", min("id") AS "id" FROM "event_dates" GROUP BY "event_id") d WHERE d."event_id" = "orders"."event_id";--> statement-breakpoint
UPDATE "attendees" SET "date_id" = "orders"."date_id" FROM "orders" WHERE "orders"."id" = "attendees"."order_id";--> statement-breakpoint
UPDATE "waitlist_entries" SET "date_id" = d."id" FROM (SELECT "event_id", min("id") AS "id" FROM "event_dates" GROUP BY "event_id") d WHERE d."event_id" = "waitlist_entries"."event_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "date_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attendees" ALTER COLUMN "date_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ALTER COLUMN "date_id" SET NOT NULL;--> statement-breakpoint
INSERT INTO "ticket_stock" ("date_id", "ticket_id", "quantity", "quantity_sold", "quantity_reserved")
SELECT d."id", t."id", t."quantity",
  CASE WHEN d."id" = f."id" THEN t."quantity_sold" ELSE 0 END,
  CASE WHEN d."id" = f."id" THEN t."quantity_reserved" ELSE 0 END
FROM "tickets" t
JOIN "event_dates" d ON d."event_id" = t."event_id"
JOIN (SELECT "event_id", min("id") AS "id" FROM "event_dates" GROUP BY "event_id") f ON f."event_id" = t."event_id";--> statement-breakpoint
INSERT INTO "tier_stock" ("date_id", "price_id", "quantity", "quantity_sold", "quantity_reserved")
SELECT d."id", p."id", p."quantity",
  CASE WHEN d."id" = f."id" THEN p."quantity_sold" ELSE 0 END,
  CASE WHEN d."id" = f."id" THEN p."quantity_reserved" ELSE 0 END
FROM "ticket_prices" p
JOIN "tickets" t ON t."id" = p."ticket_id"
JOIN "event_dates" d ON d."event_id" = t."event_id"
JOIN (SELECT "event_id", min("id") AS "id" FROM "event_dates" GROUP BY "event_id") f ON f."event_id" = t."event_id";--> statement-breakpoint
INSERT INTO "capacity_stock" ("date_id", "capacity_assignment_id", "capacity", "used")
SELECT d."id", a."id", CASE WHEN a."status" = 'ACTIVE' THEN a."capacity" END,
  CASE WHEN d."id" = f."id" THEN a."used" ELSE 0 END
FROM "capacity_assignments" a
JOIN "event_dates" d ON d."event_id" = a."event_id"
JOIN (SELECT "event_id", min("id") AS "id" FROM "event_dates" GROUP BY "event_id") f ON f."event_id" = a."event_id";--> statement-breakpoint
INSERT INTO "promo_code_stock" ("date_id", "promo_code_id", "usage_limit", "times_used")
SELECT d."id", c."id", c."usage_limit", CASE WHEN d."id" = f."id" THEN c."times_used" ELSE 0 END
FROM "promo_codes" c
JOIN "event_dates" d ON d."event_id" = c."event_id"
JOIN (SELECT "event_id", min("id") AS "id" FROM "event_dates" GROUP BY "event_id") f ON f."event_id" = c."event_id";--> statement-breakpoint
ALTER TABLE "capacity_assignments" DROP COLUMN "used";--> statement-breakpoint
ALTER TABLE "promo_codes" DROP COLUMN "times_used";--> statement-breakpoint
ALTER TABLE "ticket_prices" DROP COLUMN "quantity_sold";--> statement-breakpoint
ALTER TABLE "ticket_prices" DROP COLUMN "quantity_reserved";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "quantity_sold";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "quantity_reserved";--> statement-breakpoint
ALTER TABLE "capacity_assignments" ADD CONSTRAINT "capacity_assignments_capacity" CHECK ("capacity_assignments"."capacity" is null or "capacity_assignments"."capacity" >= 0);--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_used" CHECK ("event_dates"."used" >= 0 and ("event_dates"."capacity" is null or "event_dates"."used" <= "event_dates"."capacity"));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_usage_limit" CHECK ("promo_codes"."usage_limit" is null or "promo_codes"."usage_limit" >= 0);--> statement-breakpoint
ALTER TABLE "ticket_prices" ADD CONSTRAINT "ticket_prices_quantity" CHECK ("ticket_prices"."quantity" is null or "ticket_prices"."quantity" >= 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_quantity" CHECK ("tickets"."quantity" is null or "tickets"."quantity" >= 0);