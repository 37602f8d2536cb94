-- EPF, ESI and professional tax owed to the authorities become ledger accounts (decision 056).
CREATE TABLE "statutory_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme" varchar(3) NOT NULL,
	"period" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reference" varchar(60) NOT NULL,
	"idempotency_key" varchar(100),
	"request_hash" varchar(64),
	"transfer_id" bigint NOT NULL,
	"paid_by" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statutory_remittances_amount_ck" CHECK ("statutory_remittances"."amount_paise" > 0),
	CONSTRAINT "statutory_remittances_scheme_ck" CHECK ("statutory_remittances"."scheme" in ('EPF', 'ESI', 'PT'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "epf_employee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "epf_employer_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "esi_employee_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "esi_employer_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "salary_slips" ADD COLUMN "pt_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statutory_remittances" ADD CONSTRAINT "statutory_remittances_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statutory_remittances" ADD CONSTRAINT "statutory_remittances_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statutory_remittances_idempotency_uq" ON "statutory_remittances" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "statutory_remittances_scheme_idx" ON "statutory_remittances" USING btree ("scheme","period");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('customer_wallet', 'vendor_wallet', 'company_wallet', 'provider_clearing', 'bank', 'adjustments', 'revenue', 'gst_payable', 'tips_payable', 'marketing_expense', 'salary_payable', 'cgst_payable', 'sgst_payable', 'igst_payable', 'epf_payable', 'esi_payable', 'pt_payable', 'statutory_accrued'));--> statement-breakpoint
-- Every slip keeps its statutory lines as columns, read from the breakdown it was paid with (payroll/calc.ts codes).
UPDATE salary_slips s SET
  epf_employee_paise = coalesce((SELECT sum((l->>'amountPaise')::bigint) FROM jsonb_array_elements(s.breakdown->'deductions') l WHERE l->>'code' = 'epf'), 0),
  esi_employee_paise = coalesce((SELECT sum((l->>'amountPaise')::bigint) FROM jsonb_array_elements(s.breakdown->'deductions') l WHERE l->>'code' = 'esi'), 0),
  pt_paise = coalesce((SELECT sum((l->>'amountPaise')::bigint) FROM jsonb_array_elements(s.breakdown->'deductions') l WHERE l->>'code' = 'pt'), 0),
  epf_employer_paise = coalesce((SELECT sum((l->>'amountPaise')::bigint) FROM jsonb_array_elements(s.breakdown->'employer') l WHERE l->>'code' = 'epf_employer'), 0),
  esi_employer_paise = coalesce((SELECT sum((l->>'amountPaise')::bigint) FROM jsonb_array_elements(s.breakdown->'employer') l WHERE l->>'code' = 'esi_employer'), 0);--> statement-breakpoint
-- The payables and the accrued cost under fixed ids (server/domains/money/wallets/repo.accounts.ts SYSTEM_ACCOUNTS),
-- each with its 16 shards as migration 0016 made them (decision 036): salary runs post to them from every process.
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative) VALUES
  (15, 'epf_payable', NULL, 'EPF payable', true),
  (16, 'esi_payable', NULL, 'ESI payable', true),
  (17, 'pt_payable', NULL, 'Professional tax payable', true),
  (18, 'statutory_accrued', NULL, 'Statutory dues accrued', true);--> statement-breakpoint
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative, shard)
SELECT a.id * 16 + s, a.kind, a.provider, a.name, true, s
FROM ledger_accounts a, generate_series(1, 15) s
WHERE a.id IN (15, 16, 17, 18);--> statement-breakpoint
-- The slips paid before this migration withheld dues the ledger never recorded: one transfer per slip, dated when it
-- was paid, credits each payable what the slip withheld and added and debits the accrued cost (the ledger is
-- append-only, so the salary transfers stay as they were). A fresh install has no slip and gets no transfer.
DO $$
DECLARE
  s record;
  t bigint;
BEGIN
  FOR s IN
    SELECT id, user_id, period, bank_reference, paid_by, paid_at,
      epf_employee_paise + epf_employer_paise AS epf,
      esi_employee_paise + esi_employer_paise AS esi,
      pt_paise AS pt
    FROM salary_slips
    WHERE epf_employee_paise + epf_employer_paise + esi_employee_paise + esi_employer_paise + pt_paise > 0
    ORDER BY paid_at, id
  LOOP
    INSERT INTO ledger_transfers (kind, reference, remark, actor_id, created_at)
    VALUES ('statutory_accrual', s.bank_reference,
      'Statutory dues of employee ' || s.user_id || ' for ' || to_char(s.period, 'YYYY-MM') || ' (migration 0021, decision 056)',
      s.paid_by, s.paid_at)
    RETURNING id INTO t;
    WITH legs(account_id, amount) AS (
      VALUES (15, s.epf), (16, s.esi), (17, s.pt), (18, -(s.epf + s.esi + s.pt))
    ), moved AS (
      UPDATE ledger_accounts a SET balance = a.balance + l.amount
      FROM legs l WHERE a.id = l.account_id AND l.amount <> 0
      RETURNING a.id, l.amount, a.balance
    )
    INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_after, created_at)
    SELECT t, m.id, m.amount, m.balance, s.paid_at FROM moved m;
  END LOOP;
END $$;
