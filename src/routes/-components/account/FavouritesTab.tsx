import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type Favourite, favouritesQuery, toggleFavourite } from '../../../api/favourites';
import { invalidateAfter } from '../../../api/invalidate';
import { Badge, Button, Card, EmptyState, Pager, toast } from '../../../ui';
import { Loaded } from '../Loaded';
import { Img, PriceLine } from '../storefront/parts';
import * as s from './favourites.css';
import { ACCOUNT } from './words';

const W = ACCOUNT.favourites;
const PAGE_SIZE = 10;

function Row({ favourite }: { favourite: Favourite }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { service, available } = favourite;

  async function remove() {
    setBusy(true);
    try {
      const reply = await toggleFavourite(service.id);
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'toggleFavourite');
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className={s.item}>
      <Img src={service.imageUrl} alt="" width={96} height={64} className={s.picture} fallback={service.heading} />
      <div className={s.body}>
        {available ? (
          <Link to="/ServicesDetails" search={{ id: service.id }} className={s.name}>
            {service.heading}
          </Link>
        ) : (
          <span className={s.name}>{service.heading}</span>
        )}
        <span className={s.meta}>
          {service.subCategoryName} · {service.categoryName}
        </span>
        {available ? <PriceLine service={service} /> : <Badge tone="warning">{W.unavailable}</Badge>}
      </div>
      <Button variant="secondary" size="sm" loading={busy} onClick={remove} aria-label={W.removeNamed(service.heading)}>
        {W.remove}
      </Button>
    </li>
  );
}

/** /MyAccounts?tab=favourites: the customer's favourite services, newest first, each removable. */
export function FavouritesTab() {
  const [page, setPage] = useState(1);
  const favourites = useQuery(favouritesQuery(page, PAGE_SIZE));
  const data = favourites.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // Removing the last one of a later page leaves it empty: show the page before.
  if (data && page > pages) setPage(pages);

  return (
    <Card title={W.title}>
      <Loaded query={favourites} loadingLabel={W.loading}>
        {(data) =>
          !data?.items.length ? (
            <EmptyState
              title={W.noneTitle}
              description={W.noneText}
              action={
                <Link to="/Services" search={{}}>
                  {W.browse}
                </Link>
              }
            />
          ) : (
            <>
              <ul className={s.list} aria-label={W.list}>
                {data.items.map((f) => (
                  <Row key={f.id} favourite={f} />
                ))}
              </ul>
              <Pager page={page} pages={pages} label={W.pages} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </Card>
  );
}
