/**
 * Wallets on a double-entry ledger (decision 013): owners, transfers, the staff's moves, balances and the ledger's
 * check. The module's public face: the door and the other modules import this file.
 */
import * as repo from './repo';

export { type Idempotency, requestHash } from '../../../http';
export * from './adminMoves';
export * from './balances';
export * from './ledgerCheck';
export { findOwner, openWallet, type WalletOwnerKind, walletIdColumn } from './owners';
export type { GstSplit, Leg, StatutoryDues, StatutorySchemeCode } from './repo';
export { gstLegs, payableOf, statutoryLegs, statutoryPaymentLegs, walletAccount } from './repo';
export { open, type PostOptions, post, roomFor } from './transfers';

export const systemAccountId = repo.systemAccountId;
