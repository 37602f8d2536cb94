import { Link, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { useLiveUpdates } from '../../api/live';
import { type RoleCode, signOut, useSession } from '../../api/session';
import { AppShell, ProfileMenu } from '../../ui';
import { visibleMenu } from './menus';
import { StockTrigger } from './products/StockTrigger';
import { CHANGE_PASSWORD_PATH } from './roles';
import { inertBalance } from './wallet/wallet.css';

// The staff shell (side menu, top bar, every area's menu) loads with the first page of an area, never with the public
// pages: roleArea names this file through lazyRouteComponent.

// The wallet items and their top-up machine load only for the roles that have them (vendor, accountant).
const TopBarWallet = lazy(() => import('./wallet/TopBarWallet'));
// Only technicians see the 'Available' switch.
const AvailableSwitch = lazy(() => import('./professional/AvailableSwitch'));
// The vendor status flag (their availability, decision 027), beside their wallet.
const VendorStatusSwitch = lazy(() => import('./vendors/VendorStatusSwitch'));
// The product-details fetch (decision 028): the current stock of a product, for the roles that read the store.
const TopBarStock = lazy(() => import('./products/TopBarStock'));
// Every role is told things (a request decided, a job assigned, a salary paid): the bell opens /Notification.
const NotificationBell = lazy(() => import('./NotificationBell').then((m) => ({ default: m.NotificationBell })));

/** 'My Balance' works for VE and AC, is not shown for these, and other roles see it inert. */
const NO_BALANCE: RoleCode[] = ['IM', 'MR', 'TE', 'CD', 'A'];

function topBarWalletOf(role: RoleCode) {
  if (role === 'TE') {
    return (
      <Suspense fallback={null}>
        <AvailableSwitch />
      </Suspense>
    );
  }
  if (role === 'VE' || role === 'AC') {
    return (
      <Suspense fallback={null}>
        {role === 'VE' ? <VendorStatusSwitch /> : null}
        <TopBarWallet role={role} />
      </Suspense>
    );
  }
  return NO_BALANCE.includes(role) ? null : (
    <span className={inertBalance} title="My Balance is for vendors and accountants">
      My Balance
    </span>
  );
}

function topBarStockOf(role: RoleCode) {
  return role === 'IM' || role === 'A' || role === 'VE' ? (
    <Suspense fallback={<StockTrigger disabled />}>
      <TopBarStock role={role} />
    </Suspense>
  ) : null;
}

function Brand() {
  return (
    <Link to="/" style={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}>
      Doorstep
    </Link>
  );
}

export default function AreaLayout() {
  const session = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  // Screens of every staff and professional area refresh on the server's live events (decision 015).
  useLiveUpdates();
  const user = session.context.user;
  const menu = useMemo(() => {
    if (!user) return null;
    const paths = new Set(Object.keys(router.routesByPath).map((p) => p.toLowerCase()));
    return visibleMenu(user.Role, (p) => paths.has(p.toLowerCase()));
  }, [user, router]);
  if (!user) return null;
  return (
    <AppShell
      brand={<Brand />}
      menu={menu}
      topbarItems={
        <>
          {topBarStockOf(user.Role)}
          {topBarWalletOf(user.Role)}
          <Suspense fallback={null}>
            <NotificationBell userId={user.Id} />
          </Suspense>
        </>
      }
      profile={
        <ProfileMenu
          fullName={user.FullName}
          email={user.Email ?? user.MobileNo}
          onChangePassword={() => navigate({ to: CHANGE_PASSWORD_PATH })}
          onLogout={async () => {
            await signOut();
            navigate({ to: '/' });
          }}
        />
      }
    >
      <Outlet />
    </AppShell>
  );
}
