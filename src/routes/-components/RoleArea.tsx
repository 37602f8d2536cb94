import type { QueryClient } from '@tanstack/react-query';
import { lazyRouteComponent, redirect } from '@tanstack/react-router';
import { meQuery } from '../../api/auth';
import { ApiError } from '../../api/client';
import { type RoleCode, sessionUser } from '../../api/session';
import { CHANGE_PASSWORD_PATH } from './roles';

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
    component: lazyRouteComponent(() => import('./AreaLayout')),
  };
}
