import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { homeScreenAdQuery } from '../../../api/homeScreenAds';
import { Badge, buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { AdvertisementForm } from '../../-components/advertisements/AdvertisementForm';
import { LoadFailure } from '../../-components/Loaded';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';

export const Route = createFileRoute('/_admin/Advertisement/UpdateAdvertisement')({
  head: () => ({ meta: [{ title: 'Change advertisement · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(homeScreenAdQuery(deps.id)).catch(() => null) : null,
  component: UpdateAdvertisement,
});

/** The advertisement update page (admin): its text, offer and picture. */
function UpdateAdvertisement() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const query = useQuery({ ...homeScreenAdQuery(id), enabled: id > 0 });
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  const ad = query.data?.advType === 'AD' ? query.data : undefined;
  return (
    <div className={s.page}>
      <PageHeader
        title={ad ? `Change advertisement #${ad.id}` : 'Change advertisement'}
        description={
          ad ? <Badge tone={ad.status ? 'success' : 'neutral'}>{ad.status ? 'Active' : 'Inactive'}</Badge> : undefined
        }
        actions={
          <Link to="/Advertisement/AdvertisementList" className={buttonClassName({ variant: 'secondary' })}>
            Advertisement list
          </Link>
        }
      />
      <LoadFailure query={query} />
      {ad ? (
        <Card>
          <AdvertisementForm key={ad.id} ad={ad} onSaved={() => navigate({ to: '/Advertisement/AdvertisementList' })} />
        </Card>
      ) : query.error ? null : (
        <EmptyState title="Advertisement not found" description="Choose one from the advertisement list." />
      )}
    </div>
  );
}
