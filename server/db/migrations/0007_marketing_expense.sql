ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_ck";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_ck" CHECK ("ledger_accounts"."kind" in ('customer_wallet', 'vendor_wallet', 'company_wallet', 'provider_clearing', 'bank', 'adjustments', 'revenue', 'gst_payable', 'tips_payable', 'marketing_expense'));--> statement-breakpoint
-- What marketing gives away in money (server/domains/money/wallets/repo.ts SYSTEM_ACCOUNTS): referral rewards.
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative) VALUES
  (10, 'marketing_expense', NULL, 'Marketing expense (referral rewards)', true);
