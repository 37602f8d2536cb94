// Pieces the books' screens share: the export buttons (the server's files: the screen's rows and totals), a date
// field, and money in a debit or credit column.
import { useState } from 'react';
import { type BooksReport, booksFile } from '../../../../api/books';
import { Button, formatRupees, toast } from '../../../../ui';
import { saveBlob } from '../../../../ui/download';
import { TextField } from '../../../../ui/form';
import * as s from './books.css';

/** An amount in a debit or credit column: blank when zero, as a ledger prints it. */
export const amount = (n: number) => (n ? formatRupees(n) : '');

/** A balance as one figure with its side: "₹1,230.00 Cr". */
export const balanceText = (b: { debit: number; credit: number }) =>
  b.debit ? `${formatRupees(b.debit)} Dr` : b.credit ? `${formatRupees(b.credit)} Cr` : formatRupees(0);

export function ExportButtons({ report, query }: { report: BooksReport; query: Record<string, string | number> }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  async function run(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      const { blob, fileName } = await booksFile(report, query, format);
      saveBlob(blob, fileName);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  return (
    <span className={s.actions}>
      <Button variant="secondary" loading={busy === 'csv'} onClick={() => void run('csv')}>
        Export CSV
      </Button>
      <Button variant="secondary" loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        Export XLSX
      </Button>
    </span>
  );
}

/** A date filter: the change goes to the URL, so Back and a shared link keep it. */
export function DateFilter(props: { label: string; name: string; value: string; onChange(value: string): void }) {
  return (
    <div style={{ minInlineSize: '11rem' }}>
      <TextField
        type="date"
        label={props.label}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** Today in India, 'YYYY-MM-DD' (what the server takes for an empty date). */
export const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
