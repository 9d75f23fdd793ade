CREATE TABLE "event_dates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "event_dates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"label" text,
	"status" text DEFAULT 'ON_SALE' NOT NULL,
	"capacity" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_dates_span" CHECK ("event_dates"."ends_at" is null or "event_dates"."ends_at" > "event_dates"."starts_at"),
	CONSTRAINT "event_dates_capacity" CHECK ("event_dates"."capacity" is null or "event_dates"."capacity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_dates" ADD CONSTRAINT "event_dates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_dates_event_start_idx" ON "event_dates" USING btree ("event_id","starts_at");--> statement-breakpoint
-- Every event made before dates existed happens once: its own start and end.
INSERT INTO "event_dates" ("account_id", "event_id", "starts_at", "ends_at", "created_at", "updated_at")
SELECT "account_id", "id", "start_date", CASE WHEN "end_date" > "start_date" THEN "end_date" END, "created_at", "updated_at"
FROM "events";