/**
 * The ledger's statements, by topic: accounts and wallets (repo.accounts.ts), transfers and balances
 * (repo.transfers.ts), a wallet's history (repo.history.ts), people with their wallets (repo.people.ts) and the
 * ledger's own checks (repo.ledger.ts).
 */
export * from './repo.accounts';
export * from './repo.history';
export * from './repo.ledger';
export * from './repo.people';
export * from './repo.transfers';
