import { createFileRoute } from '@tanstack/react-router';
import { marketingDashboardQuery } from '../../../api/marketingDashboard';
import { MarketingDashboardPage } from '../../-components/marketingDashboard/MarketingDashboardPage';
import {
  type MarketingDashboardSearch,
  validateMarketingDashboardSearch,
} from '../../-components/marketingDashboard/search';

// Marketing's landing page, which the admin opens too (decision 025).
export const Route = createFileRoute('/_marketingShared/Dashboard/MarketingDashboard')({
  head: () => ({ meta: [{ title: 'Marketing dashboard · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): MarketingDashboardSearch => validateMarketingDashboardSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(marketingDashboardQuery(deps)),
  component: MarketingDashboard,
});

function MarketingDashboard() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MarketingDashboardPage search={search} onSearch={(next) => navigate({ search: next })} />;
}
