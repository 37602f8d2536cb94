import { createFileRoute, Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { signOut, useSession } from '../api/session';
import { Button, PublicLayout } from '../ui';
import { CartLink } from './-components/cart/CartLink';
import { DASHBOARD } from './-components/roles';
import { HeaderPincode } from './-components/storefront/HeaderPincode';
import { HeaderSearch } from './-components/storefront/HeaderSearch';

// Loaded only once someone is signed in: a visitor's home page never downloads it.
const NotificationBell = lazy(() =>
  import('./-components/NotificationBell').then((m) => ({ default: m.NotificationBell })),
);

export const Route = createFileRoute('/_public')({
  component: PublicArea,
});

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
      {user.Role !== 'Cust' && <Link to={DASHBOARD[user.Role]}>My dashboard</Link>}
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

function PublicArea() {
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
      footerLinks={[
        { label: 'About', to: '/About' },
        { label: 'Privacy policy', to: '/PrivacyPolicy' },
        { label: 'Services', to: '/Services' },
        { label: 'Coupons', to: '/Coupons' },
        { label: 'Subscription plans', to: '/SubscriptionPlan' },
        { label: 'Sign in', to: '/Auth' },
        { label: 'Staff: admin sign in', to: '/Admin' },
      ]}
    >
      <Outlet />
    </PublicLayout>
  );
}
