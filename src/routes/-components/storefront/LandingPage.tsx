import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { bannersQuery, categoriesQuery, newServicesQuery } from '../../../api/storefront';
import { EmptyState } from '../../../ui';
import { BannerCarousel } from './BannerCarousel';
import { type Landing, landingOf } from './landing';
import { PincodeCheck } from './PincodeCheck';
import { CategoryGrid, QueryView, Section, ServiceGrid } from './parts';
import * as s from './storefront.css';
import { STOREFRONT as W } from './words';

const COPY: Record<
  Landing,
  { title: string; lead: string; other: { to: '/HomeImprovement' | '/CustomerServices'; label: string } }
> = {
  HomeImprovement: {
    ...W.landing.HomeImprovement,
    other: { to: '/CustomerServices', label: W.landing.HomeImprovement.other },
  },
  CustomerServices: {
    ...W.landing.CustomerServices,
    other: { to: '/HomeImprovement', label: W.landing.CustomerServices.other },
  },
};

/**
 * A landing page for one family of categories (docs/decisions/005-landing-pages.md): the live categories whose names
 * place them here, the screen's banners, the new launches among them and the pincode check limited to them.
 */
export function LandingPage({ kind }: { kind: Landing }) {
  const categories = useQuery(categoriesQuery());
  const banners = useQuery(bannersQuery(kind));
  const launches = useQuery(newServicesQuery());
  const copy = COPY[kind];
  const mine = (categories.data ?? []).filter((c) => landingOf(c.categoryName) === kind);
  const ids = new Set(mine.map((c) => c.id));
  const fresh = (launches.data ?? []).filter((v) => ids.has(v.categoryId));

  return (
    <div className={s.page}>
      <header className={s.hero}>
        <h1 className={s.heroTitle}>{copy.title}</h1>
        <p className={s.lead}>{copy.lead}</p>
      </header>
      {banners.data && banners.data.length > 0 && (
        <BannerCarousel banners={banners.data} label={W.landing.offers(copy.title)} />
      )}
      <Section title={W.categories} id={`${kind}-categories`} more={<Link to={copy.other.to}>{copy.other.label}</Link>}>
        <QueryView query={categories} label={W.landing.what}>
          {() =>
            mine.length ? (
              <CategoryGrid categories={mine} />
            ) : (
              <EmptyState
                title={W.landing.noneTitle}
                description={W.landing.noneText}
                action={<Link to="/">{W.seeEveryCategory}</Link>}
              />
            )
          }
        </QueryView>
      </Section>
      {fresh.length > 0 && (
        <Section title={W.newLaunches} id={`${kind}-new`}>
          <ServiceGrid services={fresh} strip />
        </Section>
      )}
      {mine.length > 0 && <PincodeCheck categories={mine} />}
    </div>
  );
}
