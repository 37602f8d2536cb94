import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { homeScreenAdsQuery } from '../../api/homeScreenAds';
import { EmptyState, PageHeader, Pager } from '../../ui';
import * as c from '../-components/coupons/coupons.css';
import { PublicCoupon } from '../-components/coupons/PublicCoupon';
import { COUPONS as W } from '../-components/coupons/words';
import { QueryView } from '../-components/storefront/parts';
import * as s from '../-components/storefront/storefront.css';

const PAGE_SIZE = 24;

export const Route = createFileRoute('/_public/Coupons')({
  head: () => ({ meta: [{ title: 'Coupons · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { page?: number } => {
    const page = Number(raw.page);
    return Number.isInteger(page) && page > 1 && page <= 100000 ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) =>
    context.queryClient
      .ensureQueryData(homeScreenAdsQuery('CO', { page: deps.page, pageSize: PAGE_SIZE }))
      .catch(() => null),
  component: Coupons,
});

/** /Coupons (public): the live, approved coupons with their terms; type a code at checkout. */
function Coupons() {
  const { page = 1 } = Route.useSearch();
  const navigate = useNavigate();
  const coupons = useQuery({
    ...homeScreenAdsQuery('CO', { page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <div className={s.page}>
      <PageHeader title={W.title} description={W.lead} />
      <QueryView query={coupons} label={W.what}>
        {(data) =>
          data.items.length ? (
            <>
              <ul className={c.grid} aria-label={W.list}>
                {data.items.map((ad) => (ad.coupon ? <PublicCoupon key={ad.id} ad={ad} coupon={ad.coupon} /> : null))}
              </ul>
              <Pager
                page={page}
                pages={Math.ceil(data.total / PAGE_SIZE)}
                label={W.pages}
                onPage={(p) => navigate({ to: '/Coupons', search: p > 1 ? { page: p } : {} })}
              />
            </>
          ) : (
            <EmptyState title={W.noneTitle} description={W.noneText} action={<Link to="/Services">{W.browse}</Link>} />
          )
        }
      </QueryView>
    </div>
  );
}
