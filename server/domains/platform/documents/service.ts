import type { Tx } from '../../../db/client';
import type { Output, WritePlan } from '../../../db/plan';
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
  return checkedDocumentNumber(await repo.takeNext(tx, ...seriesOf(kind, at)));
}

/** A number taken for a document, refused past 16 characters (Rule 46); thrown in its transaction, it is given back. */
export function checkedDocumentNumber(number: string): string {
  if (number.length > 16) throw new Error(`Document number ${number} is longer than 16 characters`);
  return number;
}

/**
 * nextDocumentNumber as a step of the document's own write-plan, whose output's `number` the document then reads: it
 * takes its number in the same statement (the counter's lock is held from there to the commit, so one round trip
 * less under it). A number past 16 characters is refused by the 16-character column it is written to.
 */
export const planDocumentNumber = (plan: WritePlan, kind: DocumentKind, at: Date): Output =>
  repo.planTakeNext(plan, ...seriesOf(kind, at));

/** The series of a document taken at `at` (`INV/2026-27`) and the prefix of its numbers (`INV/2627/`). */
function seriesOf(kind: DocumentKind, at: Date): [series: string, prefix: string] {
  const fy = financialYear(at);
  return [`${kind}/${fy}`, `${kind}/${fy.slice(2, 4)}${fy.slice(5, 7)}/`];
}
