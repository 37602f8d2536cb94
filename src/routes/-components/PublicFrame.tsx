import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { signOut, useSession } from '../../api/session';
import { Button, type FooterLink, PublicLayout } from '../../ui';
import { CartLink } from './cart/CartLink';
import { DASHBOARD } from './roles';
import { HeaderPincode } from './storefront/HeaderPincode';
import { HeaderSearch } from './storefront/HeaderSearch';

// Loaded only once someone is signed in: a visitor's home page never downloads it.
const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));

function Account() {
  const session = useSession();
  const user = session.matches('signedIn') ? session.context.user : null;
  if (!user) {
    return (
      <>
        <Link to="/Auth">Sign in</Link>
        <Link to="/SignUp">Sign up</Link>
      </>
    );
  }
  return (
    <>
      {user.Role === 'Cust' ? (
        <Link to="/MyAccounts">My account</Link>
      ) : (
        <Link to={DASHBOARD[user.Role]}>My dashboard</Link>
      )}
      <Suspense fallback={null}>
        <NotificationBell userId={user.Id} />
      </Suspense>
      <span>{user.FullName}</span>
      <Button size="sm" variant="ghost" onClick={() => signOut()}>
        Sign out
      </Button>
    </>
  );
}

const FOOTER_LINKS: FooterLink[] = [
  { label: 'About', to: '/About' },
  { label: 'Privacy policy', to: '/PrivacyPolicy' },
  { label: 'Services', to: '/Services' },
  { label: 'Coupons', to: '/Coupons' },
  { label: 'Subscription plans', to: '/SubscriptionPlan' },
];

/** The footer's account links follow the sign-in state, like the header's. */
function useFooterLinks(): FooterLink[] {
  const session = useSession();
  const user = session.matches('signedIn') ? session.context.user : null;
  if (!user) {
    return [...FOOTER_LINKS, { label: 'Sign in', to: '/Auth' }, { label: 'Staff: admin sign in', to: '/Admin' }];
  }
  return [
    ...FOOTER_LINKS,
    user.Role === 'Cust'
      ? { label: 'My account', to: '/MyAccounts' }
      : { label: 'My dashboard', to: DASHBOARD[user.Role] },
  ];
}

/**
 * The frame of every public page: header (menu, search, cart, the account's links) and footer. The public area's
 * layout route and the not-found page both draw it, so an unknown URL still has the site around it.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <PublicLayout
      pinned={<HeaderPincode />}
      nav={
        <>
          <Link to="/" activeOptions={{ exact: true }}>
            Home
          </Link>
          <Link to="/Services">Services</Link>
          <Link to="/NewLaunch">New launches</Link>
          <Link to="/About">About</Link>
        </>
      }
      actions={
        <>
          <HeaderSearch />
          <CartLink />
          <Account />
        </>
      }
      footerLinks={useFooterLinks()}
    >
      {children}
    </PublicLayout>
  );
}
