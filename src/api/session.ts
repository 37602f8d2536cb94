import { useSyncExternalStore } from 'react';
import type { Credentials, SessionContext, SessionEvent, SessionUser } from '../machines/session/session.machine';
import { type SignupInput, signup } from './auth';
import { call, client, configureAuth } from './client';
import { mergeLocalCart } from './localCart';

export type { RoleCode, SessionUser } from '../machines/session/session.machine';

// The token is in an HttpOnly cookie no script can read (decision 043). What the pages need to know at once, who is
// signed in, is kept beside it in storage every tab of the browser shares; the server stays the judge (a dead cookie
// answers 401, which signs the tab out).
const STORAGE_KEY = 'doorstep.session';

function restore(): { user: SessionUser } | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed = raw ? JSON.parse(raw) : null;
    return parsed?.user?.Role ? { user: parsed.user } : null;
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
  const user = reply.data.User as SessionUser;
  // A customer's sign-in takes the visitor's cart along: it joins the server cart before the pages load it.
  if (user.Role === 'Cust') await mergeLocalCart();
  return { user };
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
// sign-out, expiry): until then the state is the one the machine's `restoring` step would reach from the storage.
// So the public pages a visitor opens first do not carry xstate (the home page's JavaScript budget, decision 009).
const restored = restore();
let view = viewOf(restored ? 'signedIn' : 'signedOut', {
  user: restored?.user ?? null,
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
      const { user } = view.context;
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
            persist: ({ context }) => localStorage.setItem(STORAGE_KEY, JSON.stringify({ user: context.user })),
            clear: () => localStorage.removeItem(STORAGE_KEY),
          },
        }),
        { input: { restored: user ? { user } : null } },
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
  signedIn: () => view.matches('signedIn'),
  unauthorized: () => {
    if (view.matches('signedIn')) sendSession({ type: 'EXPIRED' });
  },
});

// Every tab shares the cookie, so a sign-in or sign-out in another tab is this tab's too. The storage event reaches
// the other tabs only, never the one that wrote.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== null && e.key !== STORAGE_KEY) return;
    const next = restore();
    if (view.matches('signedOut') && next) sendSession({ type: 'SIGNED_IN', user: next.user });
    else if (view.matches('signedIn') && !next) sendSession({ type: 'EXPIRED' });
    // Someone else now: every page and cached read of this tab was the previous user's, so it starts again.
    else if (view.matches('signedIn') && next && next.user.Id !== view.context.user?.Id) location.reload();
  });
}

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

/**
 * A customer's sign-up (decision 043): the server signs the new customer in (the cookie), the visitor's cart joins
 * theirs, and this tab is signed in before it resolves, so the page it goes on to is the customer's. A tab signed in as
 * someone else only learns the new user from storage: the caller loads its next page afresh.
 */
export async function signUp(body: SignupInput) {
  const reply = await signup(body);
  const user = reply.data.User as SessionUser;
  await mergeLocalCart();
  if (!view.matches('signedOut')) {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ user }));
    return reply;
  }
  await new Promise<void>((resolve) => {
    const unsubscribe = subscribe(() => {
      if (view.matches('signedIn')) {
        unsubscribe();
        resolve();
      }
    });
    sendSession({ type: 'SIGNED_IN', user });
  });
  return reply;
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
