import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { SESSION_ENDED, sessionMachine } from '../../../src/machines/session/session.machine';
import { sessionModel, sessionPaths } from '../../../src/machines/session/session.model';
import { uncovered } from '../../support/model';

describe('session machine (model-based)', () => {
  const paths = sessionPaths();

  it('the generated paths cover every state and every transition', () => {
    expect(uncovered(sessionMachine, paths)).toEqual({ states: [], transitions: [] });
  });

  for (const path of paths) {
    it(path.description, async () => {
      const effects: string[] = [];
      let lastEvent = '';
      const actor = createActor(
        sessionMachine.provide({
          actions: {
            requestLogin: () => effects.push('requestLogin'),
            requestLogout: () => effects.push('requestLogout'),
            persist: ({ context }) => effects.push(`persist:${context.user?.Id}`),
            clear: () => effects.push('clear'),
          },
        }),
        { input: {} },
      ).start();
      await sessionModel.testPath(path, {
        states: {
          signedOut: (state) => {
            expect(actor.getSnapshot().value).toBe('signedOut');
            expect(actor.getSnapshot().context.user).toBeNull();
            expect(actor.getSnapshot().context).toEqual(state.context);
          },
          signingIn: () => expect(effects.at(-1)).toBe('requestLogin'),
          signedIn: () => {
            expect(actor.getSnapshot().context.user?.Role).toBe('A');
            // Every way in stores the user for the other tabs (and for the next start).
            expect(['LOGIN_SUCCEEDED', 'SIGNED_IN']).toContain(lastEvent);
            expect(effects.at(-1)).toBe('persist:1');
          },
          signingOut: () => expect(effects.at(-1)).toBe('requestLogout'),
        },
        events: Object.fromEntries(
          ['LOGIN', 'LOGIN_SUCCEEDED', 'SIGNED_IN', 'LOGIN_FAILED', 'LOGOUT', 'LOGGED_OUT', 'EXPIRED'].map((type) => [
            type,
            ({ event }: { event: never }) => {
              lastEvent = type;
              actor.send(event);
            },
          ]),
        ),
      });
      actor.stop();
    });
  }

  const user = {
    Id: 2,
    FullName: 'H',
    Email: null,
    Role: 'HR' as const,
    Phone: null,
    MobileNo: '9000000006',
    MustChangePassword: false,
  };

  it('a stored session is restored as signed in; expiry leaves a notice', () => {
    const actor = createActor(sessionMachine, { input: { restored: { user } } }).start();
    expect(actor.getSnapshot().value).toBe('signedIn');
    actor.send({ type: 'EXPIRED' });
    expect(actor.getSnapshot().context.notice).toBe(SESSION_ENDED);
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('a sign-in in another tab is ignored while this tab signs in: its own answer settles it', () => {
    const actor = createActor(sessionMachine, { input: {} }).start();
    actor.send({ type: 'LOGIN', credentials: { area: 'user', identifier: 'x', password: 'y' } });
    actor.send({ type: 'SIGNED_IN', user: user });
    expect(actor.getSnapshot().value).toBe('signingIn');
  });

  it('ignores LOGIN while signing in and LOGOUT while signed out', () => {
    const actor = createActor(sessionMachine, { input: {} }).start();
    actor.send({ type: 'LOGOUT' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    actor.send({ type: 'LOGIN', credentials: { area: 'user', identifier: 'x', password: 'y' } });
    actor.send({ type: 'LOGIN', credentials: { area: 'user', identifier: 'x', password: 'y' } });
    expect(actor.getSnapshot().value).toBe('signingIn');
  });
});
