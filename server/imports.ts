import { type FieldError, HttpError, invalidRows } from './http';
import { type Paise, toPaise } from './money';

/** Bulk imports (Excel/...): every row is checked before anything is written; all rows go in or none. */

/** The spreadsheet row of an array index: row 1 is the header row. */
export const sheetRow = (index: number) => index + 2;

/** Names compare trimmed and case-insensitively, like the unique indexes on lower(name). */
export const nameKey = (s: string) => s.trim().toLowerCase();

export const CHUNK = 500;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Collects `{ row, field, message }` for every bad row, then refuses the whole file at once. */
export class RowErrors {
  readonly list: FieldError[] = [];

  add(index: number, field: string, message: string) {
    this.list.push({ row: sheetRow(index), field, message });
  }

  /** Remembers each first occurrence of a key; reports later ones as duplicates of that row. */
  firstOf(seen: Map<string, number>, key: string, index: number, field: string, label: string): boolean {
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      return true;
    }
    this.add(index, field, `${label} is also on row ${sheetRow(first)}`);
    return false;
  }

  throwIfAny() {
    if (this.list.length) {
      throw invalidRows(
        [...this.list].sort((a, b) => (a.row ?? 0) - (b.row ?? 0)),
        `Nothing was imported: ${this.list.length} problem${this.list.length === 1 ? '' : 's'} in the rows listed. Fix them and import the file again.`,
      );
    }
  }
}

/** A row's rupees as paise (the HTTP boundary of an import), or null with the problem added to `errors`. */
export function rowPaise(errors: RowErrors, index: number, rupees: number, field: string): Paise | null {
  try {
    return toPaise(rupees, field);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    for (const e of err.errors) errors.add(index, e.field, e.message);
    return null;
  }
}
