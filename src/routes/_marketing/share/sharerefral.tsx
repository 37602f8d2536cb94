import { createFileRoute } from '@tanstack/react-router';
import { ShareReferralPage } from '../../-components/referrals/ShareReferralPage';

interface ShareSearch {
  from?: string;
  to?: string;
  bucket?: 'day' | 'week';
}
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const Route = createFileRoute('/_marketing/share/sharerefral')({
  head: () => ({ meta: [{ title: 'Share the referral programme · Doorstep' }] }),
  // The chart's range lives in the URL, so Back, reload and a shared link keep it.
  validateSearch: (raw: Record<string, unknown>): ShareSearch => ({
    from: typeof raw.from === 'string' && DAY.test(raw.from) ? raw.from : undefined,
    to: typeof raw.to === 'string' && DAY.test(raw.to) ? raw.to : undefined,
    bucket: raw.bucket === 'day' || raw.bucket === 'week' ? raw.bucket : undefined,
  }),
  component: ShareReferral,
});

function ShareReferral() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ShareReferralPage search={search} onRange={(next) => navigate({ search: next })} />;
}
