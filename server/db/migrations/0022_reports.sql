-- What the reports read (decisions 057–061): the daily rollups of the service sales report and of GSTR-1 and their
-- job's state (no backfill: each job's first run fills every day before today from the rows), and the date indexes
-- by which a report, a GST return, the books and the admin dashboard read one period of documents, lines and ledger
-- entries.
CREATE TABLE "gst_daily" (
	"day" date NOT NULL,
	"kind" varchar(8) NOT NULL,
	"section" varchar(8),
	"doc" text,
	"at" timestamp with time zone,
	"of_doc" text,
	"pos_state" text,
	"gstin" text,
	"buyer" text,
	"value" bigint,
	"hsn" text,
	"descr" text,
	"rate" integer,
	"qty" bigint NOT NULL,
	"txval" bigint NOT NULL,
	"c" bigint NOT NULL,
	"s" bigint NOT NULL,
	"i" bigint NOT NULL,
	"n" bigint NOT NULL,
	"first_doc" text,
	"last_doc" text
);
--> statement-breakpoint
CREATE TABLE "rollup_state" (
	"name" varchar(16) PRIMARY KEY NOT NULL,
	"through" date NOT NULL,
	"refreshed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_daily" (
	"day" date NOT NULL,
	"dim" varchar(12) NOT NULL,
	"key" integer NOT NULL,
	"orders" integer NOT NULL,
	"lines" integer NOT NULL,
	"gross_paise" bigint NOT NULL,
	"discount_paise" bigint NOT NULL,
	"coupon_paise" bigint NOT NULL,
	"plan_paise" bigint NOT NULL,
	"package_paise" bigint NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"tips_paise" bigint NOT NULL,
	"cancellations" integer NOT NULL,
	"credit_notes" integer NOT NULL,
	"credit_taxable_paise" bigint NOT NULL,
	"credit_cgst_paise" bigint NOT NULL,
	"credit_sgst_paise" bigint NOT NULL,
	"credit_igst_paise" bigint NOT NULL,
	CONSTRAINT "sales_daily_dim_day_key_pk" PRIMARY KEY("dim","day","key"),
	CONSTRAINT "sales_daily_dim_ck" CHECK ("sales_daily"."dim" in ('all', 'category', 'subCategory', 'service', 'zone', 'professional'))
);
--> statement-breakpoint
CREATE INDEX "gst_daily_day_idx" ON "gst_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "product_requests_paid_idx" ON "product_requests" USING btree ("paid_at") WHERE paid_at is not null;--> statement-breakpoint
CREATE INDEX "customer_subscriptions_invoiced_idx" ON "customer_subscriptions" USING btree ("invoiced_at") WHERE invoice_no is not null;--> statement-breakpoint
CREATE INDEX "credit_notes_created_idx" ON "credit_notes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_lines_completed_idx" ON "order_lines" USING btree ("completed_at") WHERE completed_at is not null;--> statement-breakpoint
CREATE INDEX "order_lines_created_idx" ON "order_lines" USING btree ("created_at","state");--> statement-breakpoint
CREATE INDEX "order_lines_cancelled_idx" ON "order_lines" USING btree ("cancelled_at") WHERE cancelled_at is not null;--> statement-breakpoint
CREATE INDEX "orders_invoice_date_idx" ON "orders" USING btree ("invoice_date") WHERE invoice_no is not null;--> statement-breakpoint
CREATE INDEX "orders_paid_created_idx" ON "orders" USING btree ("created_at","total_paise") WHERE status = 'order created';--> statement-breakpoint
CREATE INDEX "ledger_entries_account_created_idx" ON "ledger_entries" USING btree ("account_id","created_at","amount","transfer_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_gst_reclassified_idx" ON "ledger_transfers" USING btree ("id") WHERE kind = 'gst_reclassified';