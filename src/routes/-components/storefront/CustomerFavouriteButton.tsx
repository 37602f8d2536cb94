// A customer's heart: the favourites query and the toggle, loaded only once a customer is signed in (the public
// home page of a visitor does not carry them).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { favouriteIdsQuery, toggleFavourite } from '../../../api/favourites';
import { invalidateAfter } from '../../../api/invalidate';
import { cx, toast } from '../../../ui';
import * as s from './favourite.css';
import { type FavouriteButtonProps, Heart } from './Heart';
import { STOREFRONT } from './words';

const W = STOREFRONT.favourite;

/** Toggles the favourite at once (optimistic: the heart fills before the server answers, and empties on refusal). */
export default function CustomerFavouriteButton({ serviceId, heading, className }: FavouriteButtonProps) {
  const queryClient = useQueryClient();
  const ids = useQuery(favouriteIdsQuery());
  const [busy, setBusy] = useState(false);
  const pressed = !!ids.data?.has(serviceId);
  const label = W.named(pressed ? W.remove : W.add, heading);

  async function flip() {
    if (busy) return;
    const key = favouriteIdsQuery().queryKey;
    // A read of the favourites still under way (the first one after signing in) would answer the list as it was
    // and empty the heart just filled: it is called off, and the write's refetch brings the server's list.
    await queryClient.cancelQueries({ queryKey: key });
    const before = queryClient.getQueryData(key) ?? new Set<number>();
    const next = new Set(before);
    if (pressed) next.delete(serviceId);
    else next.add(serviceId);
    queryClient.setQueryData(key, next);
    setBusy(true);
    try {
      const reply = await toggleFavourite(serviceId);
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'toggleFavourite');
    } catch (e) {
      queryClient.setQueryData(key, before);
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={cx(s.heart, className)}
      aria-pressed={pressed}
      aria-label={label}
      aria-busy={busy || undefined}
      title={pressed ? W.remove : W.add}
      onClick={flip}
    >
      <Heart filled={pressed} />
    </button>
  );
}
