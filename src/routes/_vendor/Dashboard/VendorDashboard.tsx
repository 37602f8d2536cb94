import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';
import { validateReturnSearch } from '../../-components/wallet/historySearch';
import { TopUpReturnStatus, useTopUpReturn } from '../../-components/wallet/TopUp';

export const Route = createFileRoute('/_vendor/Dashboard/VendorDashboard')({
  head: () => ({ meta: [{ title: 'Vendor dashboard · Doorstep' }] }),
  // The payment provider returns here with ?UID=<our order id> (SPEC §2, §9).
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
    </>
  );
}
