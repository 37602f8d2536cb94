import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type VendorDashboardData, vendorDashboardQuery } from '../../../api/productRequests';
import { Badge, Card, formatRupees, StatCard, StatGrid } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { RoleDashboard } from '../../-components/Dashboard';
import { LoadFailure, NotLoaded } from '../../-components/Loaded';
import * as s from '../../-components/productRequests/productRequests.css';
import { STATE_TONE } from '../../-components/productRequests/states';
import { validateReturnSearch } from '../../-components/wallet/historySearch';
import { TopUpReturnStatus, useTopUpReturn } from '../../-components/wallet/TopUp';

export const Route = createFileRoute('/_vendor/Dashboard/VendorDashboard')({
  head: () => ({ meta: [{ title: 'Vendor dashboard · Doorstep' }] }),
  // The payment provider returns here with ?UID=<our order id>.
  validateSearch: validateReturnSearch,
  component: VendorDashboard,
});

function VendorDashboard() {
  const { UID } = Route.useSearch();
  const verification = useTopUpReturn(UID, 'VendorDashboard');
  return (
    <>
      <TopUpReturnStatus {...verification} />
      <RoleDashboard title="Vendor dashboard" counts={false} />
      <VendorFigures />
    </>
  );
}

type Professional = VendorDashboardData['professionals'][number];

const PRO_COLUMNS: Column<Professional>[] = [
  { key: 'fullName', header: 'Professional', render: (p) => <bdi>{p.fullName}</bdi> },
  { key: 'mobileNo', header: 'Mobile' },
  {
    key: 'available',
    header: 'Status',
    render: (p) => <Badge tone={p.available ? 'success' : 'neutral'}>{p.available ? 'Available' : 'Away'}</Badge>,
  },
  { key: 'jobsToday', header: 'Jobs today', align: 'end' },
];

/** The vendor's figures: wallet, requests by state, products issued this month, professionals today. */
function VendorFigures() {
  const d = useQuery(vendorDashboardQuery());
  if (!d.data) return <NotLoaded query={d} />;
  const v = d.data;
  const waiting = v.requestsByState
    .filter((r) => r.state === 'pendingIM' || r.state === 'pendingAdmin')
    .reduce((n, r) => n + r.count, 0);
  const toPay = v.requestsByState.find((r) => r.state === 'approved')?.count ?? 0;
  return (
    <div className={s.page}>
      <LoadFailure query={d} />
      <StatGrid label="Your figures">
        <StatCard label="Wallet balance" value={formatRupees(v.walletBalance)} />
        <StatCard label="Requests waiting for approval" value={waiting} />
        <StatCard
          label="Approved, to pay"
          value={toPay}
          hint={toPay ? 'Pay them from Track Product Request' : undefined}
        />
        <StatCard
          label="Products issued this month"
          value={v.issuedThisMonth.units}
          hint={`${v.issuedThisMonth.requests} requests, ${formatRupees(v.issuedThisMonth.amount)}`}
        />
        <StatCard label="Jobs of your professionals today" value={v.jobsToday} />
      </StatGrid>
      <Card title="Requests by state">
        <ul className={s.actions} aria-label="Requests by state">
          {v.requestsByState.map((r) => (
            <li key={r.state}>
              <Link to="/TrackRequest/TrackProductRequest" search={{ tab: 'AllRequest' }}>
                <Badge tone={STATE_TONE[r.state]}>
                  {r.label}: {r.count}
                </Badge>
              </Link>
            </li>
          ))}
        </ul>
      </Card>
      {v.issuedThisMonth.products.length ? (
        <Card title="Products issued this month">
          <ul>
            {v.issuedThisMonth.products.map((p) => (
              <li key={p.productId}>
                <bdi>{p.productName}</bdi>: {p.units}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title="Your professionals today">
        <DataTable
          caption="Your professionals today"
          columns={PRO_COLUMNS}
          {...staticTableProps(v.professionals)}
          rowKey={(p) => p.id}
          emptyMessage="No professionals work for you yet."
        />
      </Card>
    </div>
  );
}
