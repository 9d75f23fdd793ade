CREATE TABLE "event_seating" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"plan_id" bigint,
	"plan" jsonb NOT NULL,
	"seat_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_seats" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_seats_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"date_id" bigint NOT NULL,
	"seat_key" text NOT NULL,
	"ticket_id" bigint NOT NULL,
	"category" text NOT NULL,
	"section" text NOT NULL,
	"row_label" text NOT NULL,
	"row_kind" text NOT NULL,
	"seat_label" text NOT NULL,
	"wheelchair" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"row_index" integer NOT NULL,
	"block" integer NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"order_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_seats_holder" CHECK (("event_seats"."status" in ('RESERVED', 'SOLD')) = ("event_seats"."order_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_seats" (
	"order_id" bigint NOT NULL,
	"seat_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"attendee_id" bigint,
	CONSTRAINT "order_seats_order_id_seat_id_pk" PRIMARY KEY("order_id","seat_id")
);
--> statement-breakpoint
CREATE TABLE "seat_categories" (
	"event_id" bigint NOT NULL,
	"category" text NOT NULL,
	"ticket_id" bigint NOT NULL,
	CONSTRAINT "seat_categories_event_id_category_pk" PRIMARY KEY("event_id","category")
);
--> statement-breakpoint
CREATE TABLE "seating_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seating_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"name" text NOT NULL,
	"plan" jsonb NOT NULL,
	"seat_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_stock" ADD COLUMN "seated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seating" ADD CONSTRAINT "event_seating_plan_id_seating_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."seating_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_date_id_event_dates_id_fk" FOREIGN KEY ("date_id") REFERENCES "public"."event_dates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_seats" ADD CONSTRAINT "event_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_seats" ADD CONSTRAINT "order_seats_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_seats" ADD CONSTRAINT "order_seats_seat_id_event_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."event_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_seats" ADD CONSTRAINT "order_seats_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_categories" ADD CONSTRAINT "seat_categories_event_id_event_seating_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event_seating"("event_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_categories" ADD CONSTRAINT "seat_categories_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seating_plans" ADD CONSTRAINT "seating_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_seats_date_key" ON "event_seats" USING btree ("date_id","seat_key");--> statement-breakpoint
CREATE INDEX "event_seats_date_ticket_idx" ON "event_seats" USING btree ("date_id","ticket_id","position");--> statement-breakpoint
CREATE INDEX "event_seats_order_idx" ON "event_seats" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "event_seats_event_idx" ON "event_seats" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_seats_taken_idx" ON "event_seats" USING btree ("date_id","seat_key") WHERE "event_seats"."status" <> 'AVAILABLE';--> statement-breakpoint
CREATE INDEX "order_seats_seat_idx" ON "order_seats" USING btree ("seat_id");--> statement-breakpoint
CREATE INDEX "order_seats_attendee_idx" ON "order_seats" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "seat_categories_ticket_idx" ON "seat_categories" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "seating_plans_account_idx" ON "seating_plans" USING btree ("account_id");