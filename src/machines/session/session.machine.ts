import { assign, setup } from 'xstate';

export type RoleCode = 'A' | 'CD' | 'TE' | 'IM' | 'VE' | 'HR' | 'MR' | 'AC' | 'Cust';

export interface SessionUser {
  Id: number;
  FullName: string;
  Email: string | null;
  Role: RoleCode;
  Phone: string | null;
  MobileNo: string;
  MustChangePassword: boolean;
}

export interface Credentials {
  area: 'admin' | 'user';
  identifier: string;
  password: string;
}

export interface SessionContext {
  user: SessionUser | null;
  /** Why the last sign-in failed (shown on the login page). */
  error: string | null;
  /** Why the session ended without the user asking (expired or revoked). */
  notice: string | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'LOGIN_SUCCEEDED'; user: SessionUser }
  /**
   * A session began without this tab's sign-in form: another tab signed in (the session cookie is every tab's,
   * decision 043), or a sign-up, which signs the new customer in.
   */
  | { type: 'SIGNED_IN'; user: SessionUser }
  | { type: 'LOGIN_FAILED'; message: string }
  | { type: 'LOGOUT' }
  | { type: 'LOGGED_OUT' }
  | { type: 'EXPIRED'; message?: string };

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The browser session: signed out → signing in → signed in (the user carries the role) → signing out.
 * Side effects are actions the caller provides: `requestLogin` and `requestLogout` call the server and send
 * back LOGIN_SUCCEEDED / LOGIN_FAILED / LOGGED_OUT; `persist` and `clear` keep the signed-in user in storage every tab
 * reads (the token itself is in an HttpOnly cookie no script sees, decision 043).
 * Results arrive as events (not invoked actors) so the machine stays pure and model-testable.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { restored?: { user: SessionUser } | null } | undefined,
  },
  actions: {
    requestLogin: (_, _params: { credentials: Credentials }) => {},
    requestLogout: () => {},
    persist: () => {},
    clear: () => {},
  },
  guards: {
    restored: ({ context }) => context.user !== null,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    user: input?.restored?.user ?? null,
    error: null,
    notice: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'restored', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      on: {
        LOGIN: {
          target: 'signingIn',
          actions: [
            assign({ error: null, notice: null }),
            { type: 'requestLogin', params: ({ event }) => ({ credentials: event.credentials }) },
          ],
        },
        // Stored for the other tabs (from another tab it is stored already; the same value again tells no one).
        SIGNED_IN: {
          target: 'signedIn',
          actions: [assign({ user: ({ event }) => event.user, error: null, notice: null }), 'persist'],
        },
      },
    },
    signingIn: {
      on: {
        LOGIN_SUCCEEDED: {
          target: 'signedIn',
          actions: [assign({ user: ({ event }) => event.user }), 'persist'],
        },
        LOGIN_FAILED: { target: 'signedOut', actions: assign({ error: ({ event }) => event.message }) },
      },
    },
    signedIn: {
      on: {
        LOGOUT: { target: 'signingOut', actions: 'requestLogout' },
        EXPIRED: {
          target: 'signedOut',
          actions: [assign({ user: null, notice: ({ event }) => event.message ?? SESSION_ENDED }), 'clear'],
        },
      },
    },
    signingOut: {
      // The user is dropped locally whether or not the server call succeeded.
      on: { LOGGED_OUT: { target: 'signedOut', actions: [assign({ user: null }), 'clear'] } },
    },
  },
});
