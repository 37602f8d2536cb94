DROP INDEX "ledger_accounts_system_uq";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_uq" ON "ledger_accounts" USING btree ("kind",coalesce("provider", ''),"shard") WHERE owner_user_id is null;--> statement-breakpoint
-- Shards 1-15 of every system account that may go negative (decision 036): id × 16 + shard, below the wallets' 1001.
INSERT INTO ledger_accounts (id, kind, provider, name, allow_negative, shard)
SELECT a.id * 16 + s, a.kind, a.provider, a.name, true, s
FROM ledger_accounts a, generate_series(1, 15) s
WHERE a.owner_user_id IS NULL AND a.allow_negative;
