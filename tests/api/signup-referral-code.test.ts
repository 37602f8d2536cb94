import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signup } from '../../server/modules/auth/service';
import { startTestServer, type TestServer } from './../support/server';

// The referral code's digits are random: these draws make two people with one name draw the same code first.
const draws = vi.hoisted(() => [4321, 4321, 4321, 8765]);
vi.mock('node:crypto', async (original) => {
  const crypto = await original<typeof import('node:crypto')>();
  return {
    ...crypto,
    randomInt: (min: number, max: number) =>
      min === 1000 && max === 10000 && draws.length ? draws.shift()! : crypto.randomInt(min, max),
  };
});

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
    const first = await signup(t.db, input(1));
    // The second draws the first one's code twice, then a free one.
    const second = await signup(t.db, input(2));
    expect(first.ReferralCode).toBe('MEER4321');
    expect(second.ReferralCode).toBe('MEER8765');
    expect(draws).toEqual([]);
  });
});
