// Pieces the books' screens share: the export buttons (the server's files: the screen's rows and totals), a date
// field and a choice, money in a debit or credit column, and the table they are shown in.
import type { ReactNode } from 'react';
import { type BooksReport, booksFile } from '../../../../api/books';
import { DownloadButton, formatRupees } from '../../../../ui';
import { SelectField, type SelectOption, TextField } from '../../../../ui/form';
import * as s from './books.css';

/** An amount in a debit or credit column: blank when zero, as a ledger prints it. */
export const amount = (n: number) => (n ? formatRupees(n) : '');

/** A balance as one figure with its side: "₹1,230.00 Cr". */
export const balanceText = (b: { debit: number; credit: number }) =>
  b.debit ? `${formatRupees(b.debit)} Dr` : b.credit ? `${formatRupees(b.credit)} Cr` : formatRupees(0);

export function ExportButtons({ report, query }: { report: BooksReport; query: Record<string, string | number> }) {
  return (
    <span className={s.actions}>
      <DownloadButton file={() => booksFile(report, query, 'csv')}>Export CSV</DownloadButton>
      <DownloadButton file={() => booksFile(report, query, 'xlsx')}>Export XLSX</DownloadButton>
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

/** A choice among the filters (an account, a month): the change goes to the URL like a date's. */
export function SelectFilter(props: {
  label: string;
  name: string;
  value: string;
  options: SelectOption[];
  /** The room it takes, so the longest choice fits. */
  width: string;
  onChange(value: string): void;
}) {
  return (
    <div style={{ minInlineSize: props.width }}>
      <SelectField
        label={props.label}
        name={props.name}
        value={props.value}
        options={props.options}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** Today in India, 'YYYY-MM-DD' (what the server takes for an empty date). */
export const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** A cell of a text column. */
export const Cell = ({ children }: { children?: ReactNode }) => <td className={s.td}>{children}</td>;

/** A cell of an amount column: right-aligned, figures in line. */
export const AmountCell = ({ children, testId }: { children?: ReactNode; testId?: string }) => (
  <td className={`${s.td} ${s.num}`} data-testid={testId}>
    {children}
  </td>
);

/**
 * A books table in its scrolling frame: the text columns' headers, then the amount columns' (right-aligned), the
 * rows, and a totals row whose label spans the text columns, above the amount columns' totals.
 */
export function BooksTable(props: {
  caption?: string;
  columns: readonly string[];
  amounts: readonly string[];
  children: ReactNode;
  total?: { label: ReactNode; cells: readonly { value: ReactNode; testId?: string }[] };
}) {
  return (
    <div className={s.scroll}>
      <table className={s.table}>
        {props.caption ? (
          <caption className={s.muted} style={{ textAlign: 'start' }}>
            {props.caption}
          </caption>
        ) : null}
        <thead>
          <tr>
            {props.columns.map((h) => (
              <th key={h} className={s.th} scope="col">
                {h}
              </th>
            ))}
            {props.amounts.map((h) => (
              <th key={h} className={`${s.th} ${s.num}`} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
        {props.total ? (
          <tfoot>
            <tr className={s.total}>
              <th className={s.td} scope="row" colSpan={props.columns.length}>
                {props.total.label}
              </th>
              {props.total.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the totals follow the amount columns' order
                <AmountCell key={i} testId={c.testId}>
                  {c.value}
                </AmountCell>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
