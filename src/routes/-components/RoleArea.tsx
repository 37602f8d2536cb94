import type { QueryClient } from '@tanstack/react-query';
import { Link, Outlet, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useMemo } from 'react';
import { meQuery } from '../../api/auth';
import { ApiError } from '../../api/client';
import { type RoleCode, sessionUser, signOut, useSession } from '../../api/session';
import { AppShell, ProfileMenu } from '../../ui';
import { visibleMenu } from './menus';
import { inertBalance } from './wallet/wallet.css';

// The wallet items and their top-up machine load only for the roles that have them (vendor, accountant).
const TopBarWallet = lazy(() => import('./wallet/TopBarWallet'));

/** SPEC §6: 'My Balance' works for VE and AC, is not shown for these, and other roles see it inert. */
const NO_BALANCE: RoleCode[] = ['IM', 'MR', 'TE', 'CD', 'A'];

function topBarWalletOf(role: RoleCode) {
  if (role === 'VE' || role === 'AC') {
    return (
      <Suspense fallback={null}>
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

export const CHANGE_PASSWORD_PATH = '/Dashboard/ChangPasswordForProfessional';

/**
 * Route options for a guarded area: the role must match, otherwise the admin area sends the user to /Admin
 * and every other area to /Auth. `roles: 'any'` is the shared group (a session, any role).
 */
export function roleArea(roles: RoleCode[] | 'any', loginPath: '/Admin' | '/Auth') {
  return {
    beforeLoad: ({ location }: { location: { href: string } }) => {
      const user = sessionUser();
      if (!user || (roles !== 'any' && !roles.includes(user.Role))) {
        throw redirect({ to: loginPath, search: { redirect: location.href } });
      }
      return { user };
    },
    // Checks with the server that the session is still alive; a dead token has signed the tab out by now.
    loader: async ({ context, location }: { context: { queryClient: QueryClient }; location: { href: string } }) => {
      const me = await context.queryClient.ensureQueryData(meQuery()).catch((e) => {
        if (e instanceof ApiError && e.status === 401)
          throw redirect({ to: loginPath, search: { redirect: location.href } });
        throw e;
      });
      // The server refuses everything else until a one-time password is changed.
      if (me.MustChangePassword && !location.href.startsWith(CHANGE_PASSWORD_PATH)) {
        throw redirect({ to: CHANGE_PASSWORD_PATH });
      }
      return me;
    },
    component: AreaLayout,
  };
}

function Brand() {
  return (
    <Link to="/" style={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}>
      Doorstep
    </Link>
  );
}

export function AreaLayout() {
  const session = useSession();
  const router = useRouter();
  const navigate = useNavigate();
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
      topbarItems={topBarWalletOf(user.Role)}
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
