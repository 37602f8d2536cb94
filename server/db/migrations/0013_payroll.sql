CREATE TABLE "employee_expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"receipt_url" text NOT NULL,
	"receipt_file_name" text NOT NULL,
	"receipt_type" varchar(40) NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_remark" text,
	"paid_with" varchar(8),
	"slip_id" integer,
	"transfer_id" bigint,
	"bank_reference" varchar(60),
	"paid_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employee_expenses_amount_ck" CHECK ("employee_expenses"."amount_paise" > 0),
	CONSTRAINT "employee_expenses_state_ck" CHECK ("employee_expenses"."state" in ('pending', 'approved', 'rejected', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "pay_run_items" (
	"run_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" varchar(8) DEFAULT 'pending' NOT NULL,
	"message" text,
	"slip_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_run_items_run_id_user_id_pk" PRIMARY KEY("run_id","user_id"),
	CONSTRAINT "pay_run_items_state_ck" CHECK ("pay_run_items"."state" in ('pending', 'paid', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" date NOT NULL,
	"state" varchar(12) DEFAULT 'running' NOT NULL,
	"bank_reference_prefix" varchar(40) NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"paid_paise" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_error" text,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "pay_runs_state_ck" CHECK ("pay_runs"."state" in ('running', 'done'))
);
--> statement-breakpoint
CREATE TABLE "salary_deductions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"reason" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"from_month" date NOT NULL,
	"months" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_deductions_amount_ck" CHECK ("salary_deductions"."amount_paise" > 0),
	CONSTRAINT "salary_deductions_months_ck" CHECK ("salary_deductions"."months" between 1 and 120),
	CONSTRAINT "salary_deductions_kind_ck" CHECK ("salary_deductions"."kind" in ('advance', 'loan', 'other'))
);
--> statement-breakpoint
CREATE TABLE "salary_slips" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"period" date NOT NULL,
	"gross_paise" bigint NOT NULL,
	"deductions_paise" bigint NOT NULL,
	"employer_paise" bigint NOT NULL,
	"tips_paise" bigint NOT NULL,
	"expenses_paise" bigint NOT NULL,
	"net_paise" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"bank_reference" varchar(60) NOT NULL,
	"transfer_id" bigint,
	"pay_run_id" integer,
	"paid_by" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_slips_net_ck" CHECK ("salary_slips"."net_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "salary_structures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"effective_from" date NOT NULL,
	"basic_paise" bigint NOT NULL,
	"hra_paise" bigint DEFAULT 0 NOT NULL,
	"allowances_paise" bigint DEFAULT 0 NOT NULL,
	"pt_state" varchar(2) DEFAULT 'MH' NOT NULL,
	"epf" boolean DEFAULT true NOT NULL,
	"esi" boolean DEFAULT true NOT NULL,
	"remark" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_structures_amounts_ck" CHECK ("salary_structures"."basic_paise" > 0 and "salary_structures"."hra_paise" >= 0 and "salary_structures"."allowances_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "employee_expenses" ADD CONSTRAINT "employee_expenses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_expenses" ADD CONSTRAINT "employee_expenses_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_expenses" ADD CONSTRAINT "employee_expenses_slip_id_salary_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."salary_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_expenses" ADD CONSTRAINT "employee_expenses_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_expenses" ADD CONSTRAINT "employee_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_items" ADD CONSTRAINT "pay_run_items_run_id_pay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_items" ADD CONSTRAINT "pay_run_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_run_items" ADD CONSTRAINT "pay_run_items_slip_id_salary_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."salary_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_deductions" ADD CONSTRAINT "salary_deductions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_deductions" ADD CONSTRAINT "salary_deductions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_deductions" ADD CONSTRAINT "salary_deductions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD CONSTRAINT "salary_slips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD CONSTRAINT "salary_slips_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD CONSTRAINT "salary_slips_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_structures" ADD CONSTRAINT "salary_structures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_structures" ADD CONSTRAINT "salary_structures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_expenses_user_idx" ON "employee_expenses" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "employee_expenses_state_idx" ON "employee_expenses" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "pay_run_items_pending_idx" ON "pay_run_items" USING btree ("run_id","user_id") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pay_runs_open_uq" ON "pay_runs" USING btree ("period") WHERE state = 'running';--> statement-breakpoint
CREATE INDEX "pay_runs_created_idx" ON "pay_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "salary_deductions_user_idx" ON "salary_deductions" USING btree ("user_id","from_month");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_slips_user_period_uq" ON "salary_slips" USING btree ("user_id","period");--> statement-breakpoint
CREATE INDEX "salary_slips_period_idx" ON "salary_slips" USING btree ("period","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_structures_user_from_uq" ON "salary_structures" USING btree ("user_id","effective_from");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('customer_wallet', 'vendor_wallet', 'company_wallet', 'provider_clearing', 'bank', 'adjustments', 'revenue', 'gst_payable', 'tips_payable', 'marketing_expense', 'salary_payable'));--> statement-breakpoint
-- Salaries and employee expenses owed to employees (server/domains/money/wallets/repo.ts SYSTEM_ACCOUNTS), paid out to
-- their banks with a bank reference (decision 034).
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative) VALUES
  (11, 'salary_payable', NULL, 'Salaries and expenses payable to employees', true);
