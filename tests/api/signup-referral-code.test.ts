import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signup } from '../../server/domains/commerce/customers/service';
import { startTestServer, type TestServer } from '../support/server';

describe('sign-up and referral codes', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it('draws again when another customer already holds the drawn referral code', async () => {
    const input = (n: number) => ({
      fullName: 'Meera Nair',
      mobileNo: `780000000${n}`,
      email: `meera${n}@example.in`,
      city: 'Bengaluru',
      pinCode: '560034',
      password: 'Referral-code-1',
    });
    // The referral code's digits are random: these draws give the second person the first one's code, twice.
    const draws = [4321, 4321, 4321, 8765];
    const draw = () => draws.shift()!;
    const first = await signup(t.db, input(1), draw);
    const second = await signup(t.db, input(2), draw);
    expect(first.ReferralCode).toBe('MEER4321');
    expect(second.ReferralCode).toBe('MEER8765');
    expect(draws).toEqual([]);
  });
});
