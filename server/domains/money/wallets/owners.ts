import type { Db, Tx } from '../../../db/client';
import { notFound, type RoleCode } from '../../../http';
import * as repo from './repo';

/** Whose wallet: customers by mobile number, vendors by account id or phone. */
export type WalletOwnerKind = 'customer' | 'vendor';
export const WALLET_KIND = { customer: 'customer_wallet', vendor: 'vendor_wallet' } as const;
export const OWNER_ROLE: Record<WalletOwnerKind, RoleCode> = { customer: 'Cust', vendor: 'VE' };

export async function findOwner(db: Db, kind: WalletOwnerKind, who: { id?: number; mobileNo?: string }) {
  const person = await repo.findPerson(db, who, OWNER_ROLE[kind]);
  if (!person) throw noOwner(kind, who);
  return person;
}

export function noOwner(kind: WalletOwnerKind, who: { id?: number; mobileNo?: string }) {
  const field = who.id !== undefined ? 'id' : kind === 'customer' ? 'MobileNo' : 'Phone';
  return notFound(`The ${kind} with ${field} ${who.id ?? who.mobileNo}`);
}

export const openWallet = (exec: Db | Tx, kind: WalletOwnerKind, owner: { id: number; fullName: string }) =>
  repo.walletAccount(exec, WALLET_KIND[kind], owner.id, `Wallet of ${owner.fullName}`);

/**
 * The wallet id of a person named by another module's statement (its repo's SQL for the person's id), as a column of
 * that statement: a step that pays from the wallet learns its id with the row it locks, one round trip fewer.
 */
export const walletIdColumn = (kind: WalletOwnerKind) => (owner: Parameters<typeof repo.walletIdOf>[1]) =>
  repo.walletIdOf(WALLET_KIND[kind], owner);
