import { createFileRoute } from '@tanstack/react-router';
import { salesReportQuery } from '../../../api/salesReports';
import { ServiceSalesReportPage } from '../../-components/salesReports/pages';
import {
  type ReportSearch,
  SALES_GROUPS,
  type SalesGroup,
  validateReportSearch,
} from '../../-components/salesReports/search';

// The admin's and the accountant's service sales report (decision 057); its filters live in the URL.
export const Route = createFileRoute('/_finance/SalesReport/ServiceSalesReport')({
  head: () => ({ meta: [{ title: 'Service sales report · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ReportSearch<SalesGroup> => validateReportSearch(raw, SALES_GROUPS),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(salesReportQuery(deps)),
  component: ServiceSalesReport,
});

function ServiceSalesReport() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ServiceSalesReportPage search={search} onSearch={(update) => navigate({ search: update })} />;
}
