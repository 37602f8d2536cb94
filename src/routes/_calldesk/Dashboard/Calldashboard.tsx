import { createFileRoute, redirect } from '@tanstack/react-router';
import { PageHeader } from '../../../ui';
import * as s from '../../-components/callDesk/callDesk.css';
import { OpenQueries } from '../../-components/callDesk/OpenQueries';
import { OrderSearch } from '../../-components/callDesk/OrderSearch';
import { TodaySummary } from '../../-components/callDesk/TodaySummary';
import { ProfileCard } from '../../-components/Dashboard';

const CANONICAL = '/Dashboard/Calldashboard';

interface CallDeskSearch {
  q?: string;
  page?: number;
}

export const Route = createFileRoute('/_calldesk/Dashboard/Calldashboard')({
  head: () => ({ meta: [{ title: 'Call desk · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): CallDeskSearch => {
    const q = typeof raw.q === 'string' || typeof raw.q === 'number' ? String(raw.q).slice(0, 20) : undefined;
    const page = Number(raw.page);
    return { q: q?.trim() || undefined, page: Number.isInteger(page) && page > 1 ? page : undefined };
  },
  // The menu also spells it /Dashboard/CallDashboard: routing ignores case, so that spelling lands here; send it to
  // the one address (the menu's), keeping the search.
  beforeLoad: ({ location }) => {
    if (location.pathname !== CANONICAL) {
      throw redirect({ to: CANONICAL, search: location.search as CallDeskSearch, replace: true });
    }
  },
  component: CallDashboard,
});

function CallDashboard() {
  const { q, page } = Route.useSearch();
  return (
    <div className={s.page}>
      <PageHeader
        title="Call desk dashboard"
        description="Find a caller's order by their mobile number or the order number; today's visits, the ones waiting for a professional and the open queries update by themselves."
      />
      <OrderSearch q={q ?? ''} page={page ?? 1} />
      <TodaySummary />
      <OpenQueries />
      <ProfileCard />
    </div>
  );
}
