import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { bannersQuery, newServicesQuery } from '../../api/storefront';
import { EmptyState, PageHeader } from '../../ui';
import { BannerCarousel } from '../-components/storefront/BannerCarousel';
import { QueryView, ServiceGrid } from '../-components/storefront/parts';
import * as s from '../-components/storefront/storefront.css';
import { STOREFRONT } from '../-components/storefront/words';

export const Route = createFileRoute('/_public/NewLaunch')({
  head: () => ({ meta: [{ title: 'New launches · Doorstep' }] }),
  loader: async ({ context: { queryClient } }) => {
    await Promise.allSettled([
      queryClient.ensureQueryData(newServicesQuery()),
      queryClient.ensureQueryData(bannersQuery('NewLaunch')),
    ]);
  },
  component: NewLaunch,
});

function NewLaunch() {
  const W = STOREFRONT.launches;
  const launches = useQuery(newServicesQuery());
  const banners = useQuery(bannersQuery('NewLaunch'));
  return (
    <div className={s.page}>
      <div>
        <PageHeader title={STOREFRONT.newLaunches} description={W.lead} />
        {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} label={W.offers} />}
      </div>
      <QueryView query={launches} label={W.what}>
        {(list) =>
          list.length ? (
            <ServiceGrid services={list} />
          ) : (
            <EmptyState
              title={W.noneTitle}
              description={W.noneText}
              action={<Link to="/Services">{STOREFRONT.browseAll}</Link>}
            />
          )
        }
      </QueryView>
    </div>
  );
}
