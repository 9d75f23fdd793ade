CREATE TABLE "card_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "card_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"refund_id" bigint,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"platform_fee" integer NOT NULL,
	"stripe_fee" integer NOT NULL,
	"stripe_payment_intent_id" text NOT NULL,
	"stripe_object_id" text NOT NULL,
	"stripe_balance_transaction_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_transactions_amount" CHECK ("card_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_transactions" ADD CONSTRAINT "card_transactions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_transactions_stripe_object_idx" ON "card_transactions" USING btree ("stripe_object_id");--> statement-breakpoint
CREATE INDEX "card_transactions_account_created_idx" ON "card_transactions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "card_transactions_order_idx" ON "card_transactions" USING btree ("order_id");