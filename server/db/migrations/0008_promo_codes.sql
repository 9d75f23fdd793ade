CREATE TABLE "promo_code_tickets" (
	"promo_code_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	CONSTRAINT "promo_code_tickets_promo_code_id_ticket_id_pk" PRIMARY KEY("promo_code_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "promo_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount" text NOT NULL,
	"expires_at" timestamp with time zone,
	"usage_limit" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_usage" CHECK ("promo_codes"."usage_limit" is null or "promo_codes"."times_used" <= "promo_codes"."usage_limit")
);
--> statement-breakpoint
ALTER TABLE "promo_code_tickets" ADD CONSTRAINT "promo_code_tickets_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_tickets" ADD CONSTRAINT "promo_code_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_tickets_ticket_idx" ON "promo_code_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_event_code_idx" ON "promo_codes" USING btree ("event_id","code");