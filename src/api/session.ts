import { useSyncExternalStore } from 'react';
import type { Credentials, SessionContext, SessionEvent, SessionUser } from '../machines/session/session.machine';
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

type SessionState = 'signedOut' | 'signingIn' | 'signedIn' | 'signingOut';

/** What screens read of the session: the machine's state value and context (a snapshot's `matches` and `context`). */
export interface SessionView {
  value: SessionState;
  context: SessionContext;
  matches(state: SessionState): boolean;
}

const viewOf = (value: SessionState, context: SessionContext): SessionView => ({
  value,
  context,
  matches: (state) => state === value,
});

// The session machine decides every transition, but xstate loads only when the session is first changed (sign-in,
// sign-out, expiry): until then the state is the one the machine's `restoring` step would reach from per-tab storage.
// So the public pages a visitor opens first do not carry xstate (the home page's JavaScript budget, decision 009).
const restored = restore();
let view = viewOf(restored ? 'signedIn' : 'signedOut', {
  user: restored?.user ?? null,
  token: restored?.token ?? null,
  error: null,
  notice: null,
});
const listeners = new Set<() => void>();
function publish(next: SessionView) {
  view = next;
  for (const l of [...listeners]) l();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

let actor: Promise<{ send(event: SessionEvent): void }> | null = null;
/** The one session machine of this tab, with its side effects provided; made on first use. */
function sessionActor() {
  actor ??= Promise.all([import('xstate'), import('../machines/session/session.machine')]).then(
    ([{ createActor }, { sessionMachine }]) => {
      const { user, token } = view.context;
      const a = createActor(
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
        { input: { restored: user && token ? { user, token } : null } },
      ).start();
      // The machine starts where the view already is; from here on every change it makes is published.
      a.subscribe((s) => publish(viewOf(s.value as SessionState, s.context)));
      return a;
    },
  );
  return actor;
}

/** Sends an event to the session machine (LOGIN from the sign-in forms). */
export function sendSession(event: SessionEvent) {
  void sessionActor().then((a) => a.send(event));
}

configureAuth({
  token: () => view.context.token,
  unauthorized: (message) => {
    if (view.matches('signedIn')) sendSession({ type: 'EXPIRED', message });
  },
});

export const sessionView = () => view;
export const subscribeSession = subscribe;

export const sessionUser = () => (view.matches('signedIn') ? view.context.user : null);

export const useSession = () => useSyncExternalStore(subscribe, sessionView, sessionView);

/** Resolves once the sign-in attempt settles: the signed-in user, or the error message. */
export function waitForSignIn(): Promise<SessionUser> {
  return new Promise((resolve, reject) => {
    const unsubscribe = subscribe(() => {
      if (view.matches('signedIn')) {
        unsubscribe();
        resolve(view.context.user!);
      } else if (view.matches('signedOut')) {
        unsubscribe();
        reject(new Error(view.context.error ?? 'Sign-in failed'));
      }
    });
  });
}

/** Resolves when signing out has finished. */
export function signOut(): Promise<void> {
  return new Promise((resolve) => {
    if (!view.matches('signedIn')) return resolve();
    const unsubscribe = subscribe(() => {
      if (view.matches('signedOut')) {
        unsubscribe();
        resolve();
      }
    });
    sendSession({ type: 'LOGOUT' });
  });
}
