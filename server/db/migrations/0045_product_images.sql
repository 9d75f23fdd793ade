ALTER TABLE "event_images" ADD COLUMN "ticket_id" bigint;--> statement-breakpoint
ALTER TABLE "event_images" ADD CONSTRAINT "event_images_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_images_ticket_idx" ON "event_images" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "event_images" ADD CONSTRAINT "event_images_product_ticket" CHECK (("event_images"."type" = 'PRODUCT') = ("event_images"."ticket_id" is not null));