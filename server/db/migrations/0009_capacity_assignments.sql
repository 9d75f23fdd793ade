CREATE TABLE "capacity_assignment_tickets" (
	"capacity_assignment_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	CONSTRAINT "capacity_assignment_tickets_capacity_assignment_id_ticket_id_pk" PRIMARY KEY("capacity_assignment_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "capacity_assignments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "capacity_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"name" text NOT NULL,
	"capacity" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_assignments_used" CHECK ("capacity_assignments"."used" >= 0 and ("capacity_assignments"."capacity" is null or "capacity_assignments"."used" <= "capacity_assignments"."capacity"))
);
--> statement-breakpoint
ALTER TABLE "capacity_assignment_tickets" ADD CONSTRAINT "capacity_assignment_tickets_capacity_assignment_id_capacity_assignments_id_fk" FOREIGN KEY ("capacity_assignment_id") REFERENCES "public"."capacity_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_assignment_tickets" ADD CONSTRAINT "capacity_assignment_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_assignments" ADD CONSTRAINT "capacity_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_assignments" ADD CONSTRAINT "capacity_assignments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_assignment_tickets_ticket_idx" ON "capacity_assignment_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "capacity_assignments_event_idx" ON "capacity_assignments" USING btree ("event_id");