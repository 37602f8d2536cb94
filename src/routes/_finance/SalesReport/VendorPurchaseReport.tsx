import { createFileRoute } from '@tanstack/react-router';
import { purchaseReportQuery } from '../../../api/salesReports';
import { VendorPurchaseReportPage } from '../../-components/salesReports/pages';
import {
  PURCHASE_GROUPS,
  type PurchaseGroup,
  type ReportSearch,
  validateReportSearch,
} from '../../-components/salesReports/search';

// The admin's and the accountant's vendor purchase report (decision 057); its filters live in the URL.
export const Route = createFileRoute('/_finance/SalesReport/VendorPurchaseReport')({
  head: () => ({ meta: [{ title: 'Vendor purchase report · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ReportSearch<PurchaseGroup> =>
    validateReportSearch(raw, PURCHASE_GROUPS),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(purchaseReportQuery(deps)),
  component: VendorPurchaseReport,
});

function VendorPurchaseReport() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <VendorPurchaseReportPage search={search} onSearch={(update) => navigate({ search: update })} />;
}
