// The heart on service cards and the service page. Small on purpose: the public home page loads it, and a
// customer's toggle (the favourites query and the call) loads only once a customer is signed in.
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSession } from '../../../api/session';
import { cx, toast } from '../../../ui';
import * as s from './favourite.css';
import { type FavouriteButtonProps, Heart } from './Heart';
import { STOREFRONT } from './words';

const W = STOREFRONT.favourite;

const CustomerFavouriteButton = lazy(() => import('./CustomerFavouriteButton'));

/**
 * Everyone sees the heart. A visitor's leads to sign-in and back; a customer's toggles the favourite
 * (CustomerFavouriteButton).
 */
export function FavouriteButton({ serviceId, heading, className }: FavouriteButtonProps) {
  const user = useSession().context.user;
  const here = useRouterState({ select: (r) => r.location.href });
  if (user?.Role === 'Cust') {
    const placeholder = (
      <span className={cx(s.heart, className)} aria-hidden="true">
        <Heart filled={false} />
      </span>
    );
    return (
      <Suspense fallback={placeholder}>
        <CustomerFavouriteButton serviceId={serviceId} heading={heading} className={className} />
      </Suspense>
    );
  }
  return (
    <Link
      to="/Auth"
      search={{ redirect: here }}
      className={cx(s.heart, className)}
      aria-label={W.signInFirst(heading)}
      title={W.signInHint}
      onClick={(e) => {
        if (user) {
          // Staff and partner accounts have no favourites.
          e.preventDefault();
          toast.info(W.customersOnly);
        }
      }}
    >
      <Heart filled={false} />
    </Link>
  );
}
