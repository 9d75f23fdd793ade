CREATE TABLE "catalogue_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "kind" text DEFAULT 'TICKET' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "category_id" bigint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "redeemable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_categories" ADD CONSTRAINT "catalogue_categories_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_categories" ADD CONSTRAINT "catalogue_categories_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_categories_event_idx" ON "catalogue_categories" USING btree ("event_id","sort_order");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_category_id_catalogue_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."catalogue_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_category_idx" ON "tickets" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_redeemable_product" CHECK ("tickets"."kind" = 'PRODUCT' or not "tickets"."redeemable");