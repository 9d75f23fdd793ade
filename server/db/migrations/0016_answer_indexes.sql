DROP INDEX "question_answers_order_idx";--> statement-breakpoint
CREATE INDEX "question_answers_attendee_idx" ON "question_answers" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "question_answers_order_idx" ON "question_answers" USING btree ("order_id","attendee_id");