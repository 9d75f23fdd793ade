CREATE TABLE "organizer_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"organizer_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "organizers" ADD COLUMN "social_links" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organizer_old_slugs" ADD CONSTRAINT "organizer_old_slugs_organizer_id_organizers_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."organizers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizer_old_slugs_organizer_idx" ON "organizer_old_slugs" USING btree ("organizer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizers_slug_lower_idx" ON "organizers" USING btree (lower("slug"));