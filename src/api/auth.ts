import { queryOptions } from '@tanstack/react-query';
import type { RoleCode } from '../machines/session/session.machine';
import { call, client } from './client';
import { keyOf } from './kit';
import type { operations } from './schema.gen';

export const meQuery = () =>
  queryOptions({
    queryKey: keyOf('Auth', 'me'),
    queryFn: async () => (await call(client.GET('/api/Auth/Me'))).data,
    staleTime: 60_000,
  });

/** The sign-up body, as the contract has it. */
export type SignupInput = operations['customerSignup']['requestBody']['content']['application/json'];

/** The account only: the page signs up through `signUp` (api/session.ts), which also signs the tab in. */
export const signup = (body: SignupInput) => call(client.POST('/api/Customer/Signup', { body }));
export const sendOtp = (Role: RoleCode, Phone: string) =>
  call(client.POST('/api/Common/SendOtp', { body: { Role, Phone } }));
export const resetPassword = (body: { Role: RoleCode; Phone: string; Otp: string; NewPass: string }) =>
  call(client.PUT('/api/Common/ForgotPasswordAll', { body }));
export const changePassword = (body: { Role: RoleCode; Phone: string; OldPassword: string; NewPassword: string }) =>
  call(client.PUT('/api/Common/ChangePasswordAll', { body }));
