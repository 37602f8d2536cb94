import { createTestModel } from 'xstate/graph';
import { type SessionUser, sessionMachine } from './session.machine';

const user: SessionUser = {
  Id: 1,
  FullName: 'Asha Admin',
  Email: 'admin@doorstep.test',
  Role: 'A',
  Phone: '9000000001',
  MobileNo: '9000000001',
  MustChangePassword: false,
};

/** The session model walked by the machine test and, through the real pages, by the end-to-end test. */
export const sessionModel = createTestModel(sessionMachine, {
  events: [
    { type: 'LOGIN', credentials: { area: 'admin', identifier: user.Email!, password: '(typed by the test)' } },
    { type: 'LOGIN_SUCCEEDED', user },
    { type: 'SIGNED_IN', user },
    { type: 'LOGIN_FAILED', message: 'The mobile number, e-mail or password is not correct.' },
    { type: 'LOGOUT' },
    { type: 'LOGGED_OUT' },
    { type: 'EXPIRED' },
  ],
});

export const sessionPaths = () => sessionModel.getShortestPaths();
