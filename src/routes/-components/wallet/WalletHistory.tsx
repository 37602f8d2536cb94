// Shared by every wallet screen: one wallet's movements, paged by the server, between two dates, with a CSV export.
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { components, operations } from '../../../api/schema.gen';
import {
  type AccountWalletRow,
  accountWalletHistoryQuery,
  customerWalletHistoryQuery,
  type HistoryOf,
  type HistoryParams,
  historyCsv,
  vendorWalletHistoryQuery,
  type WalletOwner,
  type WalletRow,
} from '../../../api/wallets';
import { Badge, Button, formatDateTime, formatRupees, toast } from '../../../ui';
import { type Column, DataTable, type TableState } from '../../../ui/DataTable';
import { control } from '../../../ui/form/form.css';
import { downloadTextFile } from '../../../ui/spreadsheet';
import { historyKeys, historyStateOf } from './historySearch';
import * as s from './wallet.css';
import { WALLET } from './words';

const W = WALLET.table;

/** One movement, whichever wallet it is of (the account wallet's rows name their fields differently). */
export interface Movement {
  id: number;
  at: string;
  amount: number;
  type: 'Credit' | 'Debit';
  kind: string;
  reference: string | null;
  remark: string | null;
  doneBy: string | null;
  balanceAfter: number;
}

export interface HistoryView {
  items: Movement[];
  total: number;
  balance: number;
  owner?: WalletOwner;
  monthCredits?: number;
  monthDebits?: number;
}

// The cache keeps each operation's own reply (so every screen shares it); `select` gives the table one shape.
function optionsFor(of: HistoryOf, p: HistoryParams): Options {
  if (of.kind === 'account') {
    return {
      ...accountWalletHistoryQuery(p),
      select: (d: AccountHistory): HistoryView => ({ ...d, items: d.items.map(accountMovement) }),
    } as Options;
  }
  const base = of.kind === 'vendor' ? vendorWalletHistoryQuery(of.id, p) : customerWalletHistoryQuery(of.mobileNo, p);
  return {
    ...base,
    select: (d: WalletHistory): HistoryView => ({ ...d, items: d.items.map(walletMovement) }),
  } as Options;
}

// biome-ignore lint/suspicious/noExplicitAny: the three reads' keys differ in shape; select makes their data one
type Options = UseQueryOptions<any, Error, HistoryView, any>;
type AccountHistory = operations['getAccountWalletHist']['responses']['200']['content']['application/json']['data'];
type WalletHistory = components['schemas']['WalletHistoryReply']['data'];

/** A row of either read as a movement: they differ only in the names of its time and the balance after it. */
const movementOf = (r: AccountWalletRow | WalletRow, at: string, balanceAfter: Movement['balanceAfter']): Movement => ({
  id: r.id,
  at,
  amount: r.Amount,
  type: r.Type,
  kind: r.Kind,
  reference: r.Reference,
  remark: r.Remark,
  doneBy: r.DoneBy,
  balanceAfter,
});
const accountMovement = (r: AccountWalletRow) => movementOf(r, r.CreateDate, r.WalletAfterUpdate);
const walletMovement = (r: WalletRow) => movementOf(r, r.TransDate, r.WalletBalanceAfterUpdate);

/**
 * A wallet's history with its page and date range in the URL (the route validates them with
 * validateHistorySearch, with the same prefix). The page reads `query.data` for the balance and the owner.
 */
export function useWalletHistory(of: HistoryOf, prefix = '') {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const params = historyStateOf(raw, prefix);
  const k = historyKeys(prefix);
  const query = useQuery(optionsFor(of, params));

  const go = (patch: Partial<HistoryParams>, replace: boolean) => {
    const next = { ...params, ...patch };
    void navigate({
      to: '.',
      search: ((prev: Record<string, unknown>) => ({
        ...prev,
        [k.page]: next.page > 1 ? next.page : undefined,
        [k.pageSize]: next.pageSize !== 20 ? next.pageSize : undefined,
        [k.from]: next.from || undefined,
        [k.to]: next.to || undefined,
      })) as never,
      replace,
    });
  };

  return {
    of,
    params,
    query,
    /** A new date range starts again at page 1 and replaces the history entry (like typing a search). */
    setRange: (range: { from?: string; to?: string }) => go({ ...range, page: 1 }, true),
    onStateChange: (t: TableState) => go({ page: t.page, pageSize: t.pageSize }, false),
  };
}

export type WalletHistoryState = ReturnType<typeof useWalletHistory>;

const COLUMNS: Column<Movement>[] = [
  { key: 'at', header: W.date, render: (m) => <span className={s.nowrap}>{formatDateTime(m.at)}</span> },
  {
    key: 'type',
    header: W.type,
    render: (m) => <Badge tone={m.type === 'Credit' ? 'success' : 'warning'}>{m.type}</Badge>,
  },
  {
    key: 'amount',
    header: W.amount,
    align: 'end',
    render: (m) => <span className={s.nowrap}>{`${m.type === 'Debit' ? '−' : '+'}${formatRupees(m.amount)}`}</span>,
  },
  { key: 'kind', header: W.what },
  { key: 'reference', header: W.reference },
  { key: 'remark', header: W.remark },
  { key: 'doneBy', header: W.by },
  {
    key: 'balanceAfter',
    header: W.balanceAfter,
    align: 'end',
    render: (m) => <span className={s.nowrap}>{formatRupees(m.balanceAfter)}</span>,
  },
];

function DateFilter({ label, value, onChange }: { label: string; value?: string; onChange(v: string): void }) {
  const id = useId();
  return (
    <div className={s.filterField}>
      <label htmlFor={id} className={s.filterLabel}>
        {label}
      </label>
      <input id={id} type="date" className={control} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

export interface WalletHistoryTableProps {
  history: WalletHistoryState;
  caption: string;
  /** The CSV file's name, without the date range and extension. */
  fileName: string;
  emptyMessage?: string;
}

/** The history table: dates and the CSV export in its toolbar, the server's paging under it. */
export function WalletHistoryTable({ history, caption, fileName, emptyMessage }: WalletHistoryTableProps) {
  const { params, query } = history;
  const [exporting, setExporting] = useState(false);
  const range = { from: params.from, to: params.to };

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await historyCsv(history.of, range);
      const span = [params.from, params.to].filter(Boolean).join('-to-');
      // The helper adds the byte-order mark Excel needs; the server's own would make two.
      downloadTextFile(`${fileName}${span ? `-${span}` : ''}.csv`, text.replace(/^\uFEFF/, ''));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      state={{ page: params.page, pageSize: params.pageSize, search: '' }}
      onStateChange={history.onStateChange}
      rowKey={(m) => m.id}
      loading={query.isFetching}
      error={query.error ? query.error.message : null}
      searchable={false}
      emptyMessage={params.from || params.to ? W.noneBetween : (emptyMessage ?? W.none)}
      toolbar={
        <div className={s.filters}>
          <DateFilter label={W.from} value={params.from} onChange={(from) => history.setRange({ ...range, from })} />
          <DateFilter label={W.to} value={params.to} onChange={(to) => history.setRange({ ...range, to })} />
          <Button variant="secondary" loading={exporting} onClick={exportCsv}>
            {W.csv}
          </Button>
        </div>
      }
    />
  );
}
