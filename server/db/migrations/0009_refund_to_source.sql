CREATE TABLE "source_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"intent_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"refund_id" varchar(40) NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" varchar(12) NOT NULL,
	"provider_refund_id" varchar(120),
	"error" text,
	"transfer_id" bigint,
	"reversal_transfer_id" bigint,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_refunds_order_line_id_unique" UNIQUE("order_line_id"),
	CONSTRAINT "source_refunds_refund_id_unique" UNIQUE("refund_id"),
	CONSTRAINT "source_refunds_amount_ck" CHECK ("source_refunds"."amount_paise" > 0),
	CONSTRAINT "source_refunds_status_ck" CHECK ("source_refunds"."status" in ('requested', 'pending', 'processed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "source_refunds" ADD CONSTRAINT "source_refunds_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_refunds" ADD CONSTRAINT "source_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_refunds" ADD CONSTRAINT "source_refunds_intent_id_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_refunds" ADD CONSTRAINT "source_refunds_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_refunds" ADD CONSTRAINT "source_refunds_reversal_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("reversal_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_refunds" ADD CONSTRAINT "source_refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_refunds_order_idx" ON "source_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "source_refunds_requested_idx" ON "source_refunds" USING btree ("updated_at") WHERE status = 'requested';