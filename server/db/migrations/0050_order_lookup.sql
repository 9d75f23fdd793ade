CREATE TABLE "order_lookup_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_lookup_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"order_id" bigint NOT NULL,
	"attendee_id" bigint,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lookup_links" ADD CONSTRAINT "order_lookup_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lookup_links" ADD CONSTRAINT "order_lookup_links_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_lookup_links_token_idx" ON "order_lookup_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "order_lookup_links_expires_idx" ON "order_lookup_links" USING btree ("expires_at");