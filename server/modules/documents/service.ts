import type { Tx } from '../../db/client';
import * as repo from './repo';

/** Tax invoices and credit notes: each its own series per financial year (decision 014). */
export type DocumentKind = 'INV' | 'CN';

/** India's financial year runs from 1 April to 31 March, in India time: `2026-27`. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The next document number, consecutive and unique per financial year, at most 16 characters (CGST Rule 46):
 * `INV/2627/000001`. Call it inside the transaction that issues the document, so a rolled-back document leaves no gap.
 */
export async function nextDocumentNumber(tx: Tx, kind: DocumentKind, at: Date): Promise<string> {
  const fy = financialYear(at);
  const n = await repo.takeNext(tx, `${kind}/${fy}`);
  const number = `${kind}/${fy.slice(2, 4)}${fy.slice(5, 7)}/${String(n).padStart(6, '0')}`;
  if (number.length > 16) throw new Error(`Document number ${number} is longer than 16 characters`);
  return number;
}
