import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { tipsQuery } from '../../../api/tips';
import { buttonClassName, Card, EmptyState, formatRupees, LoadingPlaceholder, PageHeader } from '../../../ui';
import { LoadFailure } from '../../-components/Loaded';
import { ActiveBadge } from '../-components/ActiveBadge';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';
import { TipForm } from './-components/TipForm';

export const Route = createFileRoute('/_admin/Tips/TipsUpdate')({
  head: () => ({ meta: [{ title: 'Change tip · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(tipsQuery('all')).catch(() => null),
  component: TipsUpdate,
});

/** Tips update: change one amount. The list holds at most 20, so the tip is found in it. */
function TipsUpdate() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const tips = useQuery(tipsQuery('all'));
  const tip = tips.data?.find((t) => t.id === id);
  const back = (
    <Link to="/Tips/TipsList" className={buttonClassName({ variant: 'secondary' })}>
      Tips list
    </Link>
  );
  if (tips.isPending) return <LoadingPlaceholder />;
  return (
    <div className={s.page}>
      <PageHeader
        title={tip ? `Change tip of ${formatRupees(tip.amount)}` : 'Change tip'}
        description={tip ? <ActiveBadge active={tip.active} /> : undefined}
        actions={back}
      />
      <LoadFailure query={tips} />
      {tip ? (
        <Card>
          <TipForm key={tip.id} tip={tip} onSaved={() => navigate({ to: '/Tips/TipsList' })} />
        </Card>
      ) : tips.error ? null : (
        <EmptyState title="Tip not found" description="Choose a tip from the tips list." />
      )}
    </div>
  );
}
