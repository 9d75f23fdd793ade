CREATE TABLE "check_in_list_tickets" (
	"check_in_list_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	CONSTRAINT "check_in_list_tickets_check_in_list_id_ticket_id_pk" PRIMARY KEY("check_in_list_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_lists" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_in_lists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"short_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"activates_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "check_in_scans" (
	"check_in_list_id" bigint NOT NULL,
	"nonce" text NOT NULL,
	"attendee_id" bigint,
	"outcome" text NOT NULL,
	"scanned_at" timestamp with time zone,
	"device" text,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_scans_check_in_list_id_nonce_pk" PRIMARY KEY("check_in_list_id","nonce")
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "check_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"check_in_list_id" bigint NOT NULL,
	"attendee_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"device" text,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_out_at" timestamp with time zone,
	"made_offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_signing_keys" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_in_list_tickets" ADD CONSTRAINT "check_in_list_tickets_check_in_list_id_check_in_lists_id_fk" FOREIGN KEY ("check_in_list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_list_tickets" ADD CONSTRAINT "check_in_list_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_lists" ADD CONSTRAINT "check_in_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_scans" ADD CONSTRAINT "check_in_scans_check_in_list_id_check_in_lists_id_fk" FOREIGN KEY ("check_in_list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_scans" ADD CONSTRAINT "check_in_scans_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_check_in_list_id_check_in_lists_id_fk" FOREIGN KEY ("check_in_list_id") REFERENCES "public"."check_in_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_attendee_id_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_signing_keys" ADD CONSTRAINT "event_signing_keys_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_list_tickets_ticket_idx" ON "check_in_list_tickets" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_lists_short_id_idx" ON "check_in_lists" USING btree ("short_id");--> statement-breakpoint
CREATE INDEX "check_in_lists_event_idx" ON "check_in_lists" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_open_idx" ON "check_ins" USING btree ("check_in_list_id","attendee_id") WHERE "check_ins"."checked_out_at" is null;--> statement-breakpoint
CREATE INDEX "check_ins_attendee_idx" ON "check_ins" USING btree ("attendee_id");--> statement-breakpoint
CREATE INDEX "check_ins_list_idx" ON "check_ins" USING btree ("check_in_list_id","checked_in_at");