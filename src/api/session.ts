import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { type Credentials, type SessionUser, sessionMachine } from '../machines/session/session.machine';
import { call, client, configureAuth } from './client';
import { mergeLocalCart } from './localCart';

export type { RoleCode, SessionUser } from '../machines/session/session.machine';

const STORAGE_KEY = 'doorstep.session';

function restore(): { user: SessionUser; token: string } | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? JSON.parse(raw) : null;
    return parsed?.token && parsed?.user?.Role ? parsed : null;
  } catch {
    return null;
  }
}

async function signIn({ area, identifier, password }: Credentials) {
  const reply =
    area === 'admin'
      ? await call(client.POST('/api/adminlogin', { body: { UserName: identifier, Password: password } }))
      : await call(
          client.POST('/api/Userlogin', { body: { MobileNoOrEmail: identifier, Password: password, Device: 'Web' } }),
        );
  const signedIn = { user: reply.data.User as SessionUser, token: reply.data.Token };
  // A customer's sign-in takes the visitor's cart along: it joins the server cart before the pages load it.
  if (signedIn.user.Role === 'Cust') await mergeLocalCart(signedIn.token);
  return signedIn;
}

/** The one session of this tab: the session machine with its side effects provided. */
export const sessionActor = createActor(
  sessionMachine.provide({
    actions: {
      requestLogin: ({ self }, { credentials }) => {
        signIn(credentials).then(
          (r) => self.send({ type: 'LOGIN_SUCCEEDED', ...r }),
          (e: Error) => self.send({ type: 'LOGIN_FAILED', message: e.message }),
        );
      },
      requestLogout: ({ self }) => {
        call(client.POST('/api/Auth/Logout'))
          .catch(() => undefined)
          .finally(() => self.send({ type: 'LOGGED_OUT' }));
      },
      persist: ({ context }) =>
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ user: context.user, token: context.token })),
      clear: () => sessionStorage.removeItem(STORAGE_KEY),
    },
  }),
  { input: { restored: restore() } },
).start();

configureAuth({
  token: () => sessionActor.getSnapshot().context.token,
  unauthorized: (message) => {
    if (sessionActor.getSnapshot().matches('signedIn')) sessionActor.send({ type: 'EXPIRED', message });
  },
});

export const sessionUser = () => {
  const s = sessionActor.getSnapshot();
  return s.matches('signedIn') ? s.context.user : null;
};

export const useSession = () => useSelector(sessionActor, (s) => s);

/** Resolves once the sign-in attempt settles: the signed-in user, or the error message. */
export function waitForSignIn(): Promise<SessionUser> {
  return new Promise((resolve, reject) => {
    const sub = sessionActor.subscribe((s) => {
      if (s.matches('signedIn')) {
        sub.unsubscribe();
        resolve(s.context.user!);
      } else if (s.matches('signedOut')) {
        sub.unsubscribe();
        reject(new Error(s.context.error ?? 'Sign-in failed'));
      }
    });
  });
}

/** Resolves when signing out has finished. */
export function signOut(): Promise<void> {
  return new Promise((resolve) => {
    if (!sessionActor.getSnapshot().matches('signedIn')) return resolve();
    const sub = sessionActor.subscribe((s) => {
      if (s.matches('signedOut')) {
        sub.unsubscribe();
        resolve();
      }
    });
    sessionActor.send({ type: 'LOGOUT' });
  });
}
