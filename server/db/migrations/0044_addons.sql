CREATE TABLE "addon_tickets" (
	"addon_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	CONSTRAINT "addon_tickets_addon_id_ticket_id_pk" PRIMARY KEY("addon_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "holder_id" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "for_ticket_id" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "for_price_id" bigint;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "for_seat" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "attendee_id" bigint;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "addon_min" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "addon_max" integer;--> statement-breakpoint
ALTER TABLE "addon_tickets" ADD CONSTRAINT "addon_tickets_addon_id_tickets_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_tickets" ADD CONSTRAINT "addon_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addon_tickets_ticket_idx" ON "addon_tickets" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "attendees" ADD CONSTRAINT "attendees_holder_id_attendees_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_attendee_idx" ON "order_items" USING btree ("attendee_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_addon_range" CHECK (("tickets"."addon_min" is null and "tickets"."addon_max" is null) or ("tickets"."kind" = 'PRODUCT' and "tickets"."addon_min" >= 0 and "tickets"."addon_max" >= greatest("tickets"."addon_min", 1)));