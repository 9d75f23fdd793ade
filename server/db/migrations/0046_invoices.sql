CREATE TABLE "invoice_sequences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoice_sequences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint,
	"next_number" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_sequences_next_positive" CHECK ("invoice_sequences"."next_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"sequence_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"reference" text NOT NULL,
	"invoice_id" bigint,
	"currency" text NOT NULL,
	"total" integer NOT NULL,
	"due_date" date,
	"paid_at" timestamp with time zone,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_credit_note_names_invoice" CHECK (("invoices"."kind" = 'CREDIT_NOTE') = ("invoices"."invoice_id" is not null)),
	CONSTRAINT "invoices_total_not_negative" CHECK ("invoices"."total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "invoice_settings" jsonb;--> statement-breakpoint
ALTER TABLE "invoice_sequences" ADD CONSTRAINT "invoice_sequences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sequences" ADD CONSTRAINT "invoice_sequences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sequence_id_invoice_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."invoice_sequences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sequences_account_uq" ON "invoice_sequences" USING btree ("account_id") WHERE "invoice_sequences"."event_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_sequences_event_uq" ON "invoice_sequences" USING btree ("event_id") WHERE "invoice_sequences"."event_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sequence_number_uq" ON "invoices" USING btree ("sequence_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_uq" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'INVOICE';--> statement-breakpoint
CREATE INDEX "invoices_account_issued_idx" ON "invoices" USING btree ("account_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_event_issued_idx" ON "invoices" USING btree ("event_id","issued_at");--> statement-breakpoint
-- An issued invoice or credit note never changes (decision 053): only an unpaid invoice's
-- payment may be recorded. SQLSTATE 55000 (object not in prerequisite state).
CREATE FUNCTION invoices_frozen() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    IF NEW.number <> OLD.number OR NEW.kind <> OLD.kind OR NEW.reference <> OLD.reference
      OR NEW.order_id <> OLD.order_id OR NEW.sequence_id <> OLD.sequence_id
      OR NEW.total <> OLD.total OR NEW.currency <> OLD.currency
      OR NEW.document <> OLD.document OR NEW.issued_at <> OLD.issued_at
      OR NEW.invoice_id IS DISTINCT FROM OLD.invoice_id
      OR NEW.due_date IS DISTINCT FROM OLD.due_date
      OR (OLD.paid_at IS NOT NULL AND NEW.paid_at IS DISTINCT FROM OLD.paid_at) THEN
      RAISE EXCEPTION USING ERRCODE = '55000', MESSAGE = 'an issued invoice cannot be changed';
    END IF;
    RETURN NEW;
  END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_frozen BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_frozen();
