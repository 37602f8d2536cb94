// The heart on service cards and the service page. Small on purpose: the public home page loads it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { favouriteIdsQuery, toggleFavourite } from '../../../api/favourites';
import { invalidateAfter } from '../../../api/invalidate';
import { useSession } from '../../../api/session';
import { cx, toast } from '../../../ui';
import * as s from './favourite.css';

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.4 4.5 7 4.5c2 0 3.5 1.1 5 3 1.5-1.9 3-3 5-3 3.6 0 5.5 3.6 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Everyone sees the heart. A visitor's leads to sign-in and back; a customer's toggles the favourite at once
 * (optimistic: the heart fills before the server answers, and empties again if it refuses).
 */
export function FavouriteButton({
  serviceId,
  heading,
  className,
}: {
  serviceId: number;
  heading: string;
  className?: string;
}) {
  const user = useSession().context.user;
  const customer = user?.Role === 'Cust';
  const here = useRouterState({ select: (r) => r.location.href });
  const queryClient = useQueryClient();
  const ids = useQuery({ ...favouriteIdsQuery(), enabled: customer });
  const [busy, setBusy] = useState(false);
  const pressed = !!ids.data?.has(serviceId);
  const label = `${pressed ? 'Remove from favourites' : 'Add to favourites'}: ${heading}`;

  if (!customer) {
    return (
      <Link
        to="/Auth"
        search={{ redirect: here }}
        className={cx(s.heart, className)}
        aria-label={`Add to favourites: ${heading} (sign in first)`}
        title="Sign in to keep favourites"
        onClick={(e) => {
          if (user) {
            // Staff and partner accounts have no favourites.
            e.preventDefault();
            toast.info('Favourites are kept by customer accounts.');
          }
        }}
      >
        <Heart filled={false} />
      </Link>
    );
  }

  async function flip() {
    if (busy) return;
    const key = favouriteIdsQuery().queryKey;
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
      title={pressed ? 'Remove from favourites' : 'Add to favourites'}
      onClick={flip}
    >
      <Heart filled={pressed} />
    </button>
  );
}
