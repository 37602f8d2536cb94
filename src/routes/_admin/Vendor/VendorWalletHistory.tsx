import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type VendorWalletRow, vendorWalletsQuery } from '../../../api/wallets';
import { Button, buttonClassName, Card, EmptyState, formatDateTime, formatRupees, PageHeader } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { validateHistorySearch } from '../../-components/wallet/historySearch';
import { useWalletHistory, WalletHistoryTable } from '../../-components/wallet/WalletHistory';
import * as w from '../../-components/wallet/wallet.css';
import { ActiveBadge } from '../-components/ActiveBadge';
import * as s from '../-components/admin.css';
import { type ListSearch, tableStateOf, validateListSearch } from '../-components/listSearch';
import { positiveId } from '../-components/search';
import { useServerTable } from '../-components/useServerTable';
import { VendorWalletDialog } from './-components/VendorWalletDialog';

// The vendor list keeps the usual list keys; the chosen vendor's history pages with h-prefixed ones.
const HISTORY = 'h';

export const Route = createFileRoute('/_admin/Vendor/VendorWalletHistory')({
  head: () => ({ meta: [{ title: 'Vendor wallets · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { vendor?: number } => ({
    ...validateListSearch(raw),
    ...validateHistorySearch(raw, HISTORY),
    vendor: positiveId(raw.vendor),
  }),
  loaderDeps: ({ search }) => ({ ...validateListSearch(search) }),
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(vendorWalletsQuery(tableStateOf(deps))),
  component: VendorWalletHistory,
});

/** The vendor a top-up is for. */
type Chosen = { id: number; fullName: string };

function VendorWalletHistory() {
  const { vendor } = Route.useSearch();
  const table = useServerTable<VendorWalletRow>(
    (state) => vendorWalletsQuery(state),
    {},
    { message: 'No vendors yet.' },
  );
  const [adjusting, setAdjusting] = useState<Chosen | null | undefined>(undefined);

  const columns: Column<VendorWalletRow>[] = [
    {
      key: 'fullName',
      header: 'Vendor',
      sortable: true,
      render: (v) => (
        <Link
          to="."
          search={(prev) => ({ ...prev, vendor: v.id, hpage: undefined })}
          aria-current={v.id === vendor || undefined}
        >
          {v.fullName}
        </Link>
      ),
    },
    { key: 'mobileNo', header: 'Mobile', sortable: true },
    { key: 'active', header: 'Status', render: (v) => <ActiveBadge active={v.active} /> },
    {
      key: 'balance',
      header: 'Balance',
      sortable: true,
      align: 'end',
      render: (v) => <span className={s.nowrap}>{formatRupees(v.balance)}</span>,
    },
    {
      key: 'lastMovedAt',
      header: 'Last movement',
      sortable: true,
      render: (v) => <span className={s.nowrap}>{v.lastMovedAt ? formatDateTime(v.lastMovedAt) : '—'}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (v) => (
        <div className={s.rowActions}>
          <Link
            to="."
            search={(prev) => ({ ...prev, vendor: v.id, hpage: undefined })}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            aria-label={`Wallet history of ${v.fullName}`}
          >
            History
          </Link>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Top up or adjust ${v.fullName}`}
            onClick={() => setAdjusting(v)}
          >
            Top up
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={s.page}>
      <PageHeader
        title="Vendor wallets"
        description="Every vendor's wallet balance. Pick a vendor to see their wallet history, or top up a wallet."
        actions={<Button onClick={() => setAdjusting(null)}>Top up by phone</Button>}
      />
      <DataTable
        {...table}
        caption="Vendor wallets"
        columns={columns}
        rowKey={(v) => v.id}
        searchPlaceholder="Vendor name or mobile number…"
      />
      {vendor ? (
        <VendorHistory id={vendor} onAdjust={(v) => setAdjusting(v)} />
      ) : (
        <EmptyState
          title="No vendor chosen"
          description="Choose History on a vendor to see their wallet's movements."
        />
      )}
      <VendorWalletDialog
        vendor={adjusting ?? null}
        open={adjusting !== undefined}
        onOpenChange={(open) => !open && setAdjusting(undefined)}
      />
    </div>
  );
}

function VendorHistory({ id, onAdjust }: { id: number; onAdjust(v: Chosen): void }) {
  const history = useWalletHistory({ kind: 'vendor', id }, HISTORY);
  const owner = history.query.data?.owner;
  const title = owner ? `Wallet history of ${owner.fullName}` : 'Wallet history';
  return (
    <Card
      title={title}
      actions={
        owner && history.query.data ? (
          <>
            <span className={w.balance}>{formatRupees(history.query.data.balance)}</span>
            <Button variant="secondary" onClick={() => onAdjust({ id, fullName: owner.fullName })}>
              Top up or adjust
            </Button>
          </>
        ) : null
      }
    >
      <WalletHistoryTable
        history={history}
        caption={title}
        fileName={owner ? `wallet-${owner.mobileNo}` : 'vendor-wallet'}
      />
    </Card>
  );
}
