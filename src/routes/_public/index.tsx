import { createFileRoute, Link } from '@tanstack/react-router';
import { homeScreenAdsQuery } from '../../api/homeScreenAds';
import { homePackagesQuery } from '../../api/packages';
import { bannersQuery, categoriesQuery, newServicesQuery } from '../../api/storefront';
import { Alert, EmptyState } from '../../ui';
import { AdvertisementRow } from '../-components/advertisements/AdvertisementRow';
import { PackageCard } from '../-components/packages/PackageCard';
import * as pk from '../-components/packages/packages.css';
import { BannerCarousel } from '../-components/storefront/BannerCarousel';
import { PincodeCheck } from '../-components/storefront/PincodeCheck';
import { CategoryGrid, Section, ServiceGrid } from '../-components/storefront/parts';
import * as s from '../-components/storefront/storefront.css';
import { STOREFRONT } from '../-components/storefront/words';

type Settled<T> = { data: T; error?: undefined } | { data?: undefined; error: Error };
const settle = <T,>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (data) => ({ data }),
    (error: Error) => ({ error }),
  );

export const Route = createFileRoute('/_public/')({
  head: () => ({ meta: [{ title: 'Doorstep — home services at your door' }] }),
  // The home page reads the query cache through its loader (same query options as everywhere else) instead of
  // useQuery: the public home has a 150 KB JavaScript budget and this keeps the query hooks out of it. Each section
  // copes with its own failure, so one failed read never blanks the page; a return visit refreshes stale data.
  loader: async ({ context: { queryClient } }) => {
    const [banners, categories, launches, ads, packages] = await Promise.all([
      settle(queryClient.ensureQueryData({ ...bannersQuery('Home'), revalidateIfStale: true })),
      settle(queryClient.ensureQueryData({ ...categoriesQuery(), revalidateIfStale: true })),
      settle(queryClient.ensureQueryData({ ...newServicesQuery(), revalidateIfStale: true })),
      // The active advertisements' row and the bookable special packages (each hidden when empty).
      settle(
        queryClient.ensureQueryData({
          ...homeScreenAdsQuery('AD', { page: 1, pageSize: 12 }),
          revalidateIfStale: true,
        }),
      ),
      settle(queryClient.ensureQueryData({ ...homePackagesQuery(), revalidateIfStale: true })),
    ]);
    return { banners, categories, launches, ads, packages };
  },
  component: Home,
});

function Home() {
  const W = STOREFRONT.home;
  const { banners, categories, launches, ads, packages } = Route.useLoaderData();
  return (
    <div className={s.page}>
      <header className={s.hero}>
        <h1 className={s.heroTitle}>{W.title}</h1>
        <p className={s.lead}>{W.lead}</p>
      </header>
      {banners.data && <BannerCarousel banners={banners.data} />}
      {ads.data && ads.data.items.length > 0 && (
        <Section title={W.offers} id="home-offers">
          <AdvertisementRow ads={ads.data.items} />
        </Section>
      )}
      <Section title={W.byCategory} id="home-categories" more={<Link to="/Services">{W.allServices}</Link>}>
        {categories.error ? (
          <Alert tone="danger" title={W.categoriesFailed}>
            {categories.error.message}
          </Alert>
        ) : categories.data.length ? (
          <CategoryGrid categories={categories.data} />
        ) : (
          <EmptyState title={STOREFRONT.noServicesYet} description={STOREFRONT.comingSoon} />
        )}
      </Section>
      {launches.data && launches.data.length > 0 && (
        <Section title={STOREFRONT.newLaunches} id="home-new" more={<Link to="/NewLaunch">{W.seeLaunches}</Link>}>
          <ServiceGrid services={launches.data} strip />
        </Section>
      )}
      {packages.data && packages.data.length > 0 && (
        <Section title={W.packages} id="home-packages">
          <ul className={pk.strip}>
            {packages.data.map((p) => (
              <li key={p.id}>
                <PackageCard pkg={p} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      <PincodeCheck categories={categories.data ?? []} />
    </div>
  );
}
