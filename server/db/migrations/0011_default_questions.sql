ALTER TABLE "questions" ADD COLUMN "default_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "questions_event_default_idx" ON "questions" USING btree ("event_id","default_key");--> statement-breakpoint
UPDATE "questions" SET "type" = 'SINGLE_LINE' WHERE "type" = 'SINGLE_LINE_TEXT';--> statement-breakpoint
UPDATE "questions" SET "type" = 'MULTI_LINE' WHERE "type" = 'MULTI_LINE_TEXT';--> statement-breakpoint
INSERT INTO "questions" ("account_id", "event_id", "title", "type", "required", "scope", "sort_order", "default_key")
SELECT e."account_id", e."id", d."title", 'SINGLE_LINE', true, 'PER_ORDER', d."sort_order", d."key"
FROM "events" e
CROSS JOIN (VALUES ('First name', -3, 'FIRST_NAME'), ('Last name', -2, 'LAST_NAME'), ('E-mail', -1, 'EMAIL')) AS d("title", "sort_order", "key");
