CREATE TABLE "ticket_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ticket_id" bigint NOT NULL,
	"label" text NOT NULL,
	"price" integer NOT NULL,
	"quantity" integer,
	"quantity_sold" integer DEFAULT 0 NOT NULL,
	"quantity_reserved" integer DEFAULT 0 NOT NULL,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_prices_stock" CHECK ("ticket_prices"."quantity" is null or "ticket_prices"."quantity_sold" + "ticket_prices"."quantity_reserved" <= "ticket_prices"."quantity"),
	CONSTRAINT "ticket_prices_counts" CHECK ("ticket_prices"."quantity_sold" >= 0 and "ticket_prices"."quantity_reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_taxes_and_fees" (
	"ticket_id" bigint NOT NULL,
	"tax_or_fee_id" bigint NOT NULL,
	CONSTRAINT "ticket_taxes_and_fees_ticket_id_tax_or_fee_id_pk" PRIMARY KEY("ticket_id","tax_or_fee_id")
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"price" integer,
	"sale_start" timestamp with time zone,
	"sale_end" timestamp with time zone,
	"min_per_order" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer DEFAULT 10 NOT NULL,
	"quantity" integer,
	"quantity_sold" integer DEFAULT 0 NOT NULL,
	"quantity_reserved" integer DEFAULT 0 NOT NULL,
	"show_quantity_remaining" boolean DEFAULT false NOT NULL,
	"hide_when_sold_out" boolean DEFAULT false NOT NULL,
	"hide_before_sale_start" boolean DEFAULT false NOT NULL,
	"hide_after_sale_end" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"hide_without_promo_code" boolean DEFAULT false NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_stock" CHECK ("tickets"."quantity" is null or "tickets"."quantity_sold" + "tickets"."quantity_reserved" <= "tickets"."quantity"),
	CONSTRAINT "tickets_counts" CHECK ("tickets"."quantity_sold" >= 0 and "tickets"."quantity_reserved" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_prices" ADD CONSTRAINT "ticket_prices_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_taxes_and_fees" ADD CONSTRAINT "ticket_taxes_and_fees_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_taxes_and_fees" ADD CONSTRAINT "ticket_taxes_and_fees_tax_or_fee_id_taxes_and_fees_id_fk" FOREIGN KEY ("tax_or_fee_id") REFERENCES "public"."taxes_and_fees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_prices_ticket_idx" ON "ticket_prices" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_taxes_tax_idx" ON "ticket_taxes_and_fees" USING btree ("tax_or_fee_id");--> statement-breakpoint
CREATE INDEX "tickets_event_idx" ON "tickets" USING btree ("event_id","sort_order");