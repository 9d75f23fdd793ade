CREATE TABLE "date_cancellation_orders" (
	"cancellation_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"outcome" text NOT NULL,
	"refund_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_cancellation_orders_cancellation_id_order_id_pk" PRIMARY KEY("cancellation_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "date_cancellations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "date_cancellations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"date_id" bigint NOT NULL,
	"action" text NOT NULL,
	"move_to_date_id" bigint,
	"notify" boolean NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"orders_total" integer DEFAULT 0 NOT NULL,
	"orders_done" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "date_cancellations_counts" CHECK ("date_cancellations"."orders_done" >= 0 and "date_cancellations"."refunded" >= 0 and "date_cancellations"."moved" >= 0 and "date_cancellations"."failed" >= 0)
);
--> statement-breakpoint
ALTER TABLE "date_cancellation_orders" ADD CONSTRAINT "date_cancellation_orders_cancellation_id_date_cancellations_id_fk" FOREIGN KEY ("cancellation_id") REFERENCES "public"."date_cancellations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellation_orders" ADD CONSTRAINT "date_cancellation_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellation_orders" ADD CONSTRAINT "date_cancellation_orders_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD CONSTRAINT "date_cancellations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD CONSTRAINT "date_cancellations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD CONSTRAINT "date_cancellations_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD CONSTRAINT "date_cancellations_move_to_date_id_event_dates_id_fk" FOREIGN KEY ("move_to_date_id") REFERENCES "public"."event_dates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_cancellations" ADD CONSTRAINT "date_cancellations_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_cancellation_orders_refund_idx" ON "date_cancellation_orders" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "date_cancellations_date_idx" ON "date_cancellations" USING btree ("date_id");--> statement-breakpoint
CREATE INDEX "date_cancellations_event_idx" ON "date_cancellations" USING btree ("event_id");