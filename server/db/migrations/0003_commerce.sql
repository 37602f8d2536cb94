CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"slot_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_ck" CHECK ("cart_lines"."quantity" between 1 and 99)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(16) NOT NULL,
	"order_line_id" integer NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_order_line_id_unique" UNIQUE("order_line_id")
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_user_id" integer NOT NULL,
	"address" text NOT NULL,
	"pin_code" varchar(6) NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"state_id" integer,
	"country" varchar(16) DEFAULT 'India' NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_mobile_no" varchar(10) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_addresses_country_ck" CHECK ("customer_addresses"."country" = 'India')
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" varchar(16) PRIMARY KEY NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gst_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate" integer NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"note" text,
	CONSTRAINT "gst_rates_rate_ck" CHECK ("gst_rates"."rate" between 0 and 100),
	CONSTRAINT "gst_rates_period_ck" CHECK ("gst_rates"."effective_to" is null or "gst_rates"."effective_to" >= "gst_rates"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "order_line_rejections" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_line_id" integer NOT NULL,
	"professional_user_id" integer NOT NULL,
	"reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"description" text NOT NULL,
	"sac_code" varchar(8) NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"discount_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_rate" integer NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"reschedule_count" smallint DEFAULT 0 NOT NULL,
	"state" varchar(16) NOT NULL,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"professional_user_id" integer,
	"assigned_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancel_reason" text,
	"cancel_fee_paise" bigint,
	"refund_paise" bigint,
	"refund_transfer_id" bigint,
	"rating" smallint,
	"review" text,
	"rated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lines_quantity_ck" CHECK ("order_lines"."quantity" between 1 and 99),
	CONSTRAINT "order_lines_rating_ck" CHECK ("order_lines"."rating" is null or "order_lines"."rating" between 1 and 5),
	CONSTRAINT "order_lines_review_ck" CHECK ("order_lines"."review" is null or char_length("order_lines"."review") <= 1000),
	CONSTRAINT "order_lines_state_ck" CHECK ("order_lines"."state" in ('awaitingPayment', 'unassigned', 'assigned', 'accepted', 'completed', 'rated', 'cancelled', 'paymentFailed'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_user_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"status_update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"order_type" varchar(12) DEFAULT 'normal' NOT NULL,
	"payment_type" varchar(16) NOT NULL,
	"address_id" integer,
	"customer_name" text NOT NULL,
	"place_address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"state_id" integer,
	"pin_code" varchar(6) NOT NULL,
	"country" varchar(16) DEFAULT 'India' NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_mobile_no" varchar(10) NOT NULL,
	"intra_state" boolean NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_paise" bigint NOT NULL,
	"tip_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"wallet_paise" bigint DEFAULT 0 NOT NULL,
	"provider_paise" bigint DEFAULT 0 NOT NULL,
	"payment_intent_id" integer,
	"transfer_id" bigint,
	"invoice_no" varchar(16),
	"invoice_date" timestamp with time zone,
	"idempotency_key" varchar(100),
	"request_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_amounts_ck" CHECK ("orders"."total_paise" = "orders"."wallet_paise" + "orders"."provider_paise" and "orders"."tip_paise" >= 0),
	CONSTRAINT "orders_country_ck" CHECK ("orders"."country" = 'India')
);
--> statement-breakpoint
CREATE TABLE "tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tips_amount_ck" CHECK ("tips"."amount_paise" > 0 and "tips"."amount_paise" <= 10000000)
);
--> statement-breakpoint
CREATE TABLE "customer_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_user_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"technician_user_id" integer,
	"query" text NOT NULL,
	"state" varchar(12) DEFAULT 'raised' NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	CONSTRAINT "customer_queries_state_ck" CHECK ("customer_queries"."state" in ('raised', 'answered', 'deleted')),
	CONSTRAINT "customer_queries_query_ck" CHECK (char_length("customer_queries"."query") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_user_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_rating_stats" (
	"service_id" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"stars1" integer DEFAULT 0 NOT NULL,
	"stars2" integer DEFAULT 0 NOT NULL,
	"stars3" integer DEFAULT 0 NOT NULL,
	"stars4" integer DEFAULT 0 NOT NULL,
	"stars5" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_gst_ck";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "sac_code" varchar(8) DEFAULT '998729' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_rejections" ADD CONSTRAINT "order_line_rejections_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_rejections" ADD CONSTRAINT "order_line_rejections_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_professional_user_id_users_id_fk" FOREIGN KEY ("professional_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_refund_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("refund_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_customer_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."customer_addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_intent_id_payment_intents_id_fk" FOREIGN KEY ("payment_intent_id") REFERENCES "public"."payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_queries" ADD CONSTRAINT "customer_queries_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_queries" ADD CONSTRAINT "customer_queries_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_queries" ADD CONSTRAINT "customer_queries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_queries" ADD CONSTRAINT "customer_queries_technician_user_id_users_id_fk" FOREIGN KEY ("technician_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_queries" ADD CONSTRAINT "customer_queries_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_rating_stats" ADD CONSTRAINT "service_rating_stats_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_customer_service_uq" ON "cart_lines" USING btree ("customer_user_id","service_id");--> statement-breakpoint
CREATE INDEX "customer_addresses_customer_idx" ON "customer_addresses" USING btree ("customer_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_addresses_default_uq" ON "customer_addresses" USING btree ("customer_user_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_rates_rate_from_uq" ON "gst_rates" USING btree ("rate","effective_from");--> statement-breakpoint
CREATE INDEX "order_line_rejections_line_idx" ON "order_line_rejections" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "order_line_rejections_professional_idx" ON "order_line_rejections" USING btree ("professional_user_id","at");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_customer_slot_idx" ON "order_lines" USING btree ("customer_user_id","slot_start");--> statement-breakpoint
CREATE INDEX "order_lines_state_idx" ON "order_lines" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "order_lines_professional_idx" ON "order_lines" USING btree ("professional_user_id","state");--> statement-breakpoint
CREATE INDEX "order_lines_service_rated_idx" ON "order_lines" USING btree ("service_id","rated_at") WHERE rating is not null;--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_no_uq" ON "orders" USING btree ("invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("customer_user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_intent_uq" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tips_amount_uq" ON "tips" USING btree ("amount_paise");--> statement-breakpoint
CREATE INDEX "customer_queries_customer_idx" ON "customer_queries" USING btree ("customer_user_id","id");--> statement-breakpoint
CREATE INDEX "customer_queries_state_idx" ON "customer_queries" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "customer_queries_technician_idx" ON "customer_queries" USING btree ("technician_user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "favourites_customer_service_uq" ON "favourites" USING btree ("customer_user_id","service_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_gst_ck" CHECK ("services"."gst_percent" between 0 and 100);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('customer_wallet', 'vendor_wallet', 'company_wallet', 'provider_clearing', 'bank', 'adjustments', 'revenue', 'gst_payable', 'tips_payable'));--> statement-breakpoint
-- GST slabs (decision 014): 0, 5, 12, 18 and 28% until 21 September 2025; 0, 5, 18 and 40% from 22 September 2025.
INSERT INTO gst_rates (rate, effective_from, effective_to, note) VALUES
  (0, '2017-07-01', NULL, 'Nil rate'),
  (5, '2017-07-01', NULL, NULL),
  (12, '2017-07-01', '2025-09-21', 'Merged into 5% and 18% (GST 2.0)'),
  (18, '2017-07-01', NULL, NULL),
  (28, '2017-07-01', '2025-09-21', 'Replaced by 18% and 40% (GST 2.0)'),
  (40, '2025-09-22', NULL, 'Demerit rate (GST 2.0)');
--> statement-breakpoint
-- Where an order's money goes (server/domains/money/wallets/repo.ts SYSTEM_ACCOUNTS): the taxable value to revenue, the
-- GST to GST payable, the tip to the tips held for professionals (paid out with the salary).
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative) VALUES
  (7, 'revenue', NULL, 'Service revenue', true),
  (8, 'gst_payable', NULL, 'GST payable', true),
  (9, 'tips_payable', NULL, 'Tips held for professionals', true);
