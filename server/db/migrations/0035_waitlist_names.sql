ALTER TABLE "waitlist_entries" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "last_name" text;