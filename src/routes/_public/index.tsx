import { createFileRoute, Link } from '@tanstack/react-router';
import { bannersQuery, categoriesQuery, newServicesQuery } from '../../api/storefront';
import { Alert, EmptyState } from '../../ui';
import { BannerCarousel } from '../-components/storefront/BannerCarousel';
import { PincodeCheck } from '../-components/storefront/PincodeCheck';
import { CategoryGrid, Section, ServiceGrid } from '../-components/storefront/parts';
import * as s from '../-components/storefront/storefront.css';

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
    const [banners, categories, launches] = await Promise.all([
      settle(queryClient.ensureQueryData({ ...bannersQuery('Home'), revalidateIfStale: true })),
      settle(queryClient.ensureQueryData({ ...categoriesQuery(), revalidateIfStale: true })),
      settle(queryClient.ensureQueryData({ ...newServicesQuery(), revalidateIfStale: true })),
    ]);
    return { banners, categories, launches };
  },
  component: Home,
});

function Home() {
  const { banners, categories, launches } = Route.useLoaderData();
  return (
    <div className={s.page}>
      <header className={s.hero}>
        <h1 className={s.heroTitle}>Home services, at your doorstep</h1>
        <p className={s.lead}>
          Verified professionals for cleaning, repairs, painting, appliances and more — with upfront prices that already
          include GST.
        </p>
      </header>
      {banners.data && <BannerCarousel banners={banners.data} />}
      <Section title="Browse by category" id="home-categories" more={<Link to="/Services">All services</Link>}>
        {categories.error ? (
          <Alert tone="danger" title="We could not load the categories.">
            {categories.error.message}
          </Alert>
        ) : categories.data.length ? (
          <CategoryGrid categories={categories.data} />
        ) : (
          <EmptyState
            title="No services listed yet"
            description="Our catalogue is being set up. Please come back soon."
          />
        )}
      </Section>
      {launches.data && launches.data.length > 0 && (
        <Section title="New launches" id="home-new" more={<Link to="/NewLaunch">See all new launches</Link>}>
          <ServiceGrid services={launches.data} strip />
        </Section>
      )}
      <PincodeCheck categories={categories.data ?? []} />
    </div>
  );
}
