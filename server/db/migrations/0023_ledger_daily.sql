-- The books' daily rollup (decision 059): per India day and line of the trial balance, the transfers, credits and
-- debits. No backfill: the job's first run fills every day before today from the ledger.
CREATE TABLE "ledger_daily" (
	"kind" varchar(24) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"wallets" boolean NOT NULL,
	"day" date NOT NULL,
	"transfers" integer NOT NULL,
	"credits" bigint NOT NULL,
	"debits" bigint NOT NULL,
	CONSTRAINT "ledger_daily_kind_provider_wallets_day_pk" PRIMARY KEY("kind","provider","wallets","day")
);
--> statement-breakpoint
CREATE INDEX "ledger_daily_day_idx" ON "ledger_daily" USING btree ("day");