import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { bannersQuery, categoriesQuery, servicesPageQuery, subCategoryQuery } from '../../../api/storefront';
import { buttonClassName, EmptyState, PageHeader } from '../../../ui';
import { SelectField, TextField } from '../../../ui/form';
import { BannerCarousel } from './BannerCarousel';
import { CardAvailability, PincodeAvailability } from './PincodeAvailability';
import { NotAvailable, QueryView, ServiceGrid } from './parts';
import { usePincode } from './pincode';
import * as p from './pincode.css';
import { type CataloguePath, type ServicesSearch, servicesFilter } from './search';
import * as s from './storefront.css';
import { STOREFRONT } from './words';

const W = STOREFRONT.catalogue;

const TYPING_MS = 300;

/**
 * Every active service, paged, with a search box and a category filter. One component for both routes:
 * `/Services` (a short first page, category chips, optionally one sub-category) and `/allServices` (the long list,
 * a category select). The URL holds the filters, so a result can be shared and the back button works.
 */
export function ServiceCatalogue({ to, search }: { to: CataloguePath; search: ServicesSearch }) {
  const navigate = useNavigate();
  const uid = useId();
  const browse = to === '/Services';
  const filter = servicesFilter(to, search);
  const services = useQuery({ ...servicesPageQuery(filter), placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQuery());
  const sub = useQuery(subCategoryQuery(search.subCategoryId ?? 0));
  const banners = useQuery(bannersQuery('Services'));
  const [text, setText] = useState(search.search ?? '');
  const pin = usePincode();
  // One category in view (chosen, or the sub-category's): the page says once whether it is offered at the pincode;
  // otherwise each card says it for its own category.
  const inView = search.subCategoryId
    ? sub.data && { id: sub.data.categoryId, categoryName: sub.data.categoryName }
    : categories.data?.find((c) => c.id === search.categoryId);

  const go = (next: ServicesSearch, replace = false) => navigate({ to, search: next, replace });

  // Typing updates the URL once the visitor pauses (replacing the entry: Back skips keystrokes).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text restarts the timer
  useEffect(() => {
    const wanted = text.trim() || undefined;
    if (wanted === search.search) return;
    const timer = setTimeout(() => go({ ...search, search: wanted, page: undefined }, true), TYPING_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // A search started elsewhere (the header) replaces the text here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the URL only
  useEffect(() => {
    if ((search.search ?? '') !== text.trim()) setText(search.search ?? '');
  }, [search.search]);

  const data = services.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = !!(search.search || search.categoryId || search.subCategoryId);

  return (
    <div className={s.page}>
      <div>
        <PageHeader
          title={browse ? W.title : W.allTitle}
          description={browse ? W.lead : W.allLead}
          actions={
            <Link
              to={browse ? '/allServices' : '/Services'}
              search={{}}
              className={buttonClassName({ variant: 'secondary' })}
            >
              {browse ? W.fullList : W.byCategory}
            </Link>
          }
        />
        {banners.data && banners.data.length > 0 && <BannerCarousel banners={banners.data} />}
      </div>

      <div className={s.panel}>
        <div className={s.inlineForm}>
          <TextField
            id={`${uid}-search`}
            name="search"
            type="search"
            label={W.search}
            placeholder={W.searchPlaceholder}
            maxLength={100}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {!browse && (
            <SelectField
              id={`${uid}-category`}
              name="categoryId"
              label={W.category}
              placeholder={W.allCategories}
              options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.categoryName }))}
              value={search.categoryId ? String(search.categoryId) : ''}
              onChange={(e) =>
                go({
                  ...search,
                  categoryId: Number(e.target.value) || undefined,
                  subCategoryId: undefined,
                  page: undefined,
                })
              }
            />
          )}
        </div>
        {browse && categories.data && categories.data.length > 0 && (
          <nav aria-label={STOREFRONT.categories}>
            <ul className={s.chips}>
              <li>
                <Link
                  to={to}
                  search={{ search: search.search }}
                  className={s.chip}
                  aria-current={!search.categoryId && !search.subCategoryId ? 'true' : undefined}
                >
                  {W.all}
                </Link>
              </li>
              {categories.data.map((c) => (
                <li key={c.id}>
                  <Link
                    to={to}
                    search={{ search: search.search, categoryId: c.id }}
                    className={s.chip}
                    aria-current={search.categoryId === c.id ? 'true' : undefined}
                  >
                    {c.categoryName}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {search.subCategoryId && sub.data && (
          <p className={s.muted}>
            {W.showing}
            <strong>{sub.data.subCategoryName}</strong>
            {W.in}
            <Link to="/SubCategory" search={{ categoryId: sub.data.categoryId }}>
              {sub.data.categoryName}
            </Link>
            .{' '}
            <Link to={to} search={{ search: search.search }}>
              {W.showEvery}
            </Link>
          </p>
        )}
      </div>

      {inView && <PincodeAvailability category={inView} />}

      {search.subCategoryId && sub.isError ? (
        <NotAvailable what={W.what.subCategory} />
      ) : (
        <QueryView query={services} label={W.what.services}>
          {(page) => (
            <section aria-label={W.results} className={s.section}>
              <p className={s.muted} aria-live="polite">
                {page.total === 0 ? W.noneFound : W.count(page.total, filter.page, pages)}
              </p>
              {page.items.length > 0 ? (
                <ServiceGrid
                  services={page.items}
                  extra={
                    pin && !inView
                      ? (v) => (
                          <span className={p.cardNote}>
                            <CardAvailability pin={pin} categoryId={v.categoryId} />
                          </span>
                        )
                      : undefined
                  }
                />
              ) : (
                <EmptyState
                  title={filtered ? W.noMatch : STOREFRONT.noServicesYet}
                  description={filtered ? W.noMatchText : STOREFRONT.comingSoon}
                  action={
                    filtered ? (
                      <Link to={to} search={{}} onClick={() => setText('')}>
                        {W.clear}
                      </Link>
                    ) : undefined
                  }
                />
              )}
              {pages > 1 && (
                <nav aria-label={W.pages} className={s.pager}>
                  {filter.page > 1 ? (
                    <Link to={to} search={{ ...search, page: filter.page - 1 }} rel="prev">
                      {W.previous}
                    </Link>
                  ) : (
                    <span aria-hidden="true" />
                  )}
                  <span>{W.pageOf(filter.page, pages)}</span>
                  {filter.page < pages ? (
                    <Link to={to} search={{ ...search, page: filter.page + 1 }} rel="next">
                      {W.next}
                    </Link>
                  ) : (
                    <span aria-hidden="true" />
                  )}
                </nav>
              )}
            </section>
          )}
        </QueryView>
      )}
    </div>
  );
}
