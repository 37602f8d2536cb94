// /ManageStore/ProductHistory: the stock ledger newest first, whole or for one product (`?productId=`), with who
// moved what, when and why; a kind filter and CSV export.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  productHistoryCsv,
  productHistoryQuery,
  productQuery,
  type StockMovement,
  type StockMovementKind,
} from '../../../api/products';
import { Badge, Button, buttonClassName, formatDateTime, PageHeader, toast } from '../../../ui';
import type { BadgeTone } from '../../../ui/Badge';
import { type Column, DataTable } from '../../../ui/DataTable';
import { downloadTextFile } from '../../../ui/spreadsheet';
import { DEFAULT_TABLE_STATE } from '../../../ui/tableState';
import * as s from '../../_admin/-components/admin.css';
import { FilterSelect } from '../../_admin/-components/FilterSelect';
import { LoadFailure } from '../Loaded';
import type { ProductHistorySearch } from './search';

const KINDS: { value: StockMovementKind; label: string; tone: BadgeTone }[] = [
  { value: 'received', label: 'Received', tone: 'success' },
  { value: 'adjusted', label: 'Adjusted', tone: 'warning' },
  { value: 'reserved', label: 'Held for a request', tone: 'info' },
  { value: 'released', label: 'Released', tone: 'neutral' },
  { value: 'issued', label: 'Issued', tone: 'danger' },
];

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function ProductHistoryPage({ search }: { search: ProductHistorySearch }) {
  const navigate = useNavigate();
  const { productId, kind } = search;
  const page = search.page ?? 1;
  const pageSize = DEFAULT_TABLE_STATE.pageSize;
  const product = useQuery(productQuery(productId ?? 0));
  const history = useQuery(productHistoryQuery({ page, pageSize, productId, kind }));
  const [exporting, setExporting] = useState(false);
  const go = (next: Partial<ProductHistorySearch>) =>
    void navigate({ to: '.', search: ((prev: ProductHistorySearch) => ({ ...prev, ...next })) as never });

  const columns: Column<StockMovement>[] = [
    {
      key: 'createdAt',
      header: 'When',
      render: (m) => <span className={s.nowrap}>{formatDateTime(m.createdAt)}</span>,
    },
    ...(productId
      ? []
      : [
          {
            key: 'productName',
            header: 'Product',
            render: (m: StockMovement) => (
              <Link to="." search={{ productId: m.productId } as never}>
                <span dir="auto">{m.productName}</span>
              </Link>
            ),
          },
        ]),
    {
      key: 'kind',
      header: 'Movement',
      render: (m) => {
        const k = KINDS.find((x) => x.value === m.kind);
        return <Badge tone={k?.tone ?? 'neutral'}>{k?.label ?? m.kind}</Badge>;
      },
    },
    {
      key: 'onHandDelta',
      header: 'On hand',
      align: 'end',
      render: (m) => (
        <>
          <strong>{m.onHandDelta ? signed(m.onHandDelta) : '—'}</strong>
          <span className={s.cellNote}>then {m.onHandAfter}</span>
        </>
      ),
    },
    {
      key: 'reservedDelta',
      header: 'Held',
      align: 'end',
      render: (m) => (
        <>
          <strong>{m.reservedDelta ? signed(m.reservedDelta) : '—'}</strong>
          <span className={s.cellNote}>then {m.reservedAfter}</span>
        </>
      ),
    },
    {
      key: 'reason',
      header: 'Why',
      render: (m) => (
        <>
          {m.reason ? <span dir="auto">{m.reason}</span> : null}
          {m.requestId ? <span className={s.cellNote}>Request {m.requestId}</span> : null}
        </>
      ),
    },
    {
      key: 'actorName',
      header: 'Who',
      render: (m) => (m.actorName ? `${m.actorName}${m.actorRole ? ` (${m.actorRole})` : ''}` : '—'),
    },
  ];

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await productHistoryCsv({ productId, kind });
      downloadTextFile(
        productId ? `product-${productId}-history.csv` : 'stock-history.csv',
        text.replace(/^\uFEFF/, ''),
      );
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  const p = product.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={p ? `Stock history: ${p.productName}` : 'Stock history'}
        description={
          p
            ? `${p.onHand} on hand, ${p.reserved} held for requests, ${p.available} free. Every movement with who made it and when.`
            : 'Every movement of the store’s stock, newest first, with who made it and when.'
        }
        actions={
          productId ? (
            <Link to="." search={{} as never} className={buttonClassName({ variant: 'secondary' })}>
              All products
            </Link>
          ) : undefined
        }
      />
      <LoadFailure query={history} />
      <div className={s.filters}>
        <FilterSelect
          label="Movement"
          allLabel="All movements"
          value={kind ?? ''}
          options={KINDS}
          onChange={(value) =>
            go({
              kind: KINDS.some((k) => k.value === value) ? (value as StockMovementKind) : undefined,
              page: undefined,
            })
          }
        />
        <Button variant="secondary" size="sm" onClick={exportCsv} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      <DataTable
        caption={p ? `Stock history of ${p.productName}` : 'Stock history'}
        columns={columns}
        rows={history.data?.items ?? []}
        total={history.data?.total ?? 0}
        state={{ ...DEFAULT_TABLE_STATE, page, pageSize }}
        onStateChange={(next) => go({ page: next.page > 1 ? next.page : undefined })}
        searchable={false}
        pageSizes={[pageSize]}
        rowKey={(m) => m.id}
        loading={history.isFetching}
        emptyMessage="No stock movements yet."
      />
    </div>
  );
}
