import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent, redirect } from '@tanstack/react-router';
import { meQuery } from '../../api/auth';
import { ApiError } from '../../api/client';
import { type RoleCode, sessionUser } from '../../api/session';
import { ErrorView } from './ErrorView';
import { CHANGE_PASSWORD_PATH } from './roles';

/** Thrown before an area's pages load when the signed-in role is not one of the area's. */
class NoAccess extends Error {
  constructor(readonly roles: RoleCode[]) {
    super('No access');
  }
}

const NoAccessPage = lazyRouteComponent(() => import('./OffPage'), 'NoAccessPage');

/**
 * Route options for a guarded area: the role must match, otherwise the admin area sends the user to /Admin
 * and every other area to /Auth. `roles: 'any'` is the shared group (a session, any role).
 */
export function roleArea(roles: RoleCode[] | 'any', loginPath: '/Admin' | '/Auth') {
  return {
    beforeLoad: ({ location }: { location: { href: string } }) => {
      const user = sessionUser();
      if (!user) throw redirect({ to: loginPath, search: { redirect: location.href } });
      // Signed in with another role: told so where they are, not sent to a sign-in form (decision 047).
      if (roles !== 'any' && !roles.includes(user.Role)) throw new NoAccess(roles);
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
    component: lazyRouteComponent(() => import('./AreaLayout')),
    errorComponent: ({ error }: { error: unknown }) =>
      error instanceof NoAccess ? (
        <NoAccessPage roles={error.roles} loginPath={loginPath} />
      ) : (
        <ErrorView error={error} />
      ),
  };
}
