CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "attendees" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "attendees_event_created_idx" ON "attendees" USING btree ("event_id","created_at","id");--> statement-breakpoint
CREATE INDEX "attendees_event_last_name_idx" ON "attendees" USING btree ("event_id","last_name","id");--> statement-breakpoint
CREATE INDEX "attendees_event_first_name_idx" ON "attendees" USING btree ("event_id","first_name","id");--> statement-breakpoint
CREATE INDEX "attendees_event_email_idx" ON "attendees" USING btree ("event_id","email","id");--> statement-breakpoint
CREATE INDEX "attendees_event_status_idx" ON "attendees" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "attendees_search_idx" ON "attendees" USING gin ("search_text" gin_trgm_ops);