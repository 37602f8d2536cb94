import type { Handlers } from '../../../http';
import { currentUser, done, ok } from '../../../http';
import { clearSessionCookie, setSessionCookie } from '../../../plugins/auth';
import * as auth from './service';

export const authHandlers: Handlers = {
  async adminLogin(req, reply) {
    const { UserName, Password } = req.body;
    const data = await auth.login(
      req.server.db,
      { identifier: UserName, password: Password, area: 'admin', ip: req.ip, device: 'Web' },
      req.server.config.sessionTtlHours,
    );
    // The browser keeps the session in its cookie; API clients send the Token as a bearer header (decision 043).
    setSessionCookie(req, reply, data.Token, new Date(data.ExpiresAt));
    return ok(data, 'Signed in');
  },

  async userLogin(req, reply) {
    const b = req.body;
    const data = await auth.login(
      req.server.db,
      {
        identifier: b.MobileNoOrEmail,
        password: b.Password,
        area: 'user',
        ip: req.ip,
        device: b.Device ?? 'Web',
        latitude: b.lattitude,
        longitude: b.longitude,
      },
      req.server.config.sessionTtlHours,
    );
    // The browser keeps the session in its cookie; API clients send the Token as a bearer header (decision 043).
    setSessionCookie(req, reply, data.Token, new Date(data.ExpiresAt));
    return ok(data, 'Signed in');
  },

  async sendOtp(req) {
    await auth.sendResetOtp(req.server.db, req.body.Role, req.body.Phone);
    return done('If an account matches, a 6-digit code has been sent to its mobile number. It expires in 10 minutes.');
  },

  async forgotPassword(req) {
    const b = req.body;
    await auth.resetPassword(req.server.db, b.Role, b.Phone, b.Otp, b.NewPass);
    return done('Your password has been changed. Please sign in with the new password.');
  },

  async changePassword(req) {
    await auth.changePassword(req.server.db, currentUser(req), req.body);
    return done('Your password has been changed.');
  },

  async logout(req, reply) {
    await auth.logout(req.server.db, currentUser(req));
    clearSessionCookie(req, reply);
    return done('Signed out');
  },

  async me(req) {
    const u = currentUser(req);
    return ok({
      Id: u.id,
      FullName: u.fullName,
      Email: u.email,
      Role: u.role,
      Phone: u.phone,
      MobileNo: u.mobileNo,
      MustChangePassword: u.mustChangePassword,
    });
  },
};
