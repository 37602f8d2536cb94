import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { bannersQuery, newServicesQuery } from '../../api/storefront';
import { EmptyState, PageHeader } from '../../ui';
import { BannerCarousel } from '../-components/storefront/BannerCarousel';
import { QueryView, ServiceGrid } from '../-components/storefront/parts';
import * as s from '../-components/storefront/storefront.css';

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
  const launches = useQuery(newServicesQuery());
  const banners = useQuery(bannersQuery('NewLaunch'));
  return (
    <div className={s.page}>
      <div>
        <PageHeader title="New launches" description="Services we have added recently, newest first." />
        {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} label="New launch offers" />}
      </div>
      <QueryView query={launches} label="new launches">
        {(list) =>
          list.length ? (
            <ServiceGrid services={list} />
          ) : (
            <EmptyState
              title="Nothing new just yet"
              description="New services appear here as soon as we add them."
              action={<Link to="/Services">Browse all services</Link>}
            />
          )
        }
      </QueryView>
    </div>
  );
}
