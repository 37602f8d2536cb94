import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../server/db/schema';
import {
  COUPON_EVENT_TYPES,
  type CouponEventType,
  type CouponState,
  couponAllowedEvents,
} from '../../src/machines/coupon/coupon.machine';
import { couponPaths } from '../../src/machines/coupon/coupon.model';
import { dataOf } from '../support/catalogue';
import { couponFactories } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The coupon machine walked against the server: every generated path is driven through the real API
 * (marketing edits, submits and deletes; an admin who did not make the coupon approves, rejects and toggles it; the
 * system expires it once its validity has passed, lazily on the next read), and after each step the stored state and
 * the events the admin is offered must be the machine's. In each state reached, every event the machine refuses is
 * refused by the server too (409, nothing changed).
 */
let t: TestServer;
let c: ReturnType<typeof couponFactories>;
let admin: string;
let marketing: string;

beforeAll(async () => {
  t = await startTestServer();
  c = couponFactories(t);
  admin = await t.tokenFor('A');
  marketing = await t.tokenFor('MR');
});
afterAll(() => t?.close());

interface Walk {
  id: number;
  code: string;
}

const storedState = async (id: number) =>
  (
    await t.db
      .select({ state: coupons.state })
      .from(coupons)
      .where(and(eq(coupons.adId, id)))
  )[0].state;

/** How the product makes each event happen; answers the HTTP status. */
const send: Record<CouponEventType, (w: Walk) => Promise<number>> = {
  EDIT: async (w) =>
    (
      await t.api('PUT', `/api/Marketing/UpdateCouponsOffers?id=${w.id}`, {
        token: marketing,
        body: c.terms({ couponCode: w.code }),
      })
    ).status,
  SUBMIT: async (w) => (await t.api('PUT', `/api/Marketing/SubmitCoupon?id=${w.id}`, { token: marketing })).status,
  APPROVE: async (w) =>
    (await t.api('PUT', `/api/Marketing/CouponsAppRejAdmin?id=${w.id}&AppRej=Approve`, { token: admin, body: {} }))
      .status,
  REJECT: async (w) =>
    (
      await t.api('PUT', `/api/Marketing/CouponsAppRejAdmin?id=${w.id}&AppRej=Reject`, {
        token: admin,
        body: { remark: 'Not this time' },
      })
    ).status,
  // The system: its validity passes, and the next read of the coupons expires it.
  EXPIRE: async (w) => {
    await c.endValidity(w.id);
    return (await t.api('GET', '/api/Marketing/GetCouponsOffersMR?Action=Expired', { token: marketing })).status;
  },
  DISABLE: async (w) =>
    (await t.api('POST', `/api/DeReActivateAll?action1=HomeScreenAdvs&id=${w.id}`, { token: admin })).status,
  ENABLE: async (w) =>
    (await t.api('POST', `/api/DeReActivateAll?action1=HomeScreenAdvs&id=${w.id}`, { token: admin })).status,
  DELETE: async (w) => (await t.api('POST', `/api/HomeScreenAdvsDelete?id=${w.id}`, { token: marketing })).status,
};

/** The events the admin's page offers in a state: the machine's, less the system's EXPIRE. */
const adminEvents = (state: string) => couponAllowedEvents(state).filter((e) => e !== 'EXPIRE');

/** Refusals checked once per state: every event the machine refuses there that a person can send. */
const refusalsChecked = new Set<string>();

async function checkRefusals(w: Walk, state: CouponState) {
  if (refusalsChecked.has(state) || state === 'deleted') return;
  refusalsChecked.add(state);
  const refused = COUPON_EVENT_TYPES.filter((e) => e !== 'EXPIRE' && !couponAllowedEvents(state).includes(e));
  for (const e of refused) {
    // DISABLE and ENABLE are one toggle: in `approved` it disables (allowed), in `disabled` it enables (allowed).
    if ((e === 'DISABLE' && state === 'disabled') || (e === 'ENABLE' && state === 'approved')) continue;
    expect(await send[e](w), `${e} in ${state}`).toBe(409);
    expect(await storedState(w.id), `${e} in ${state}`).toBe(state);
  }
}

describe('coupon machine, against the server', () => {
  for (const path of couponPaths()) {
    const label =
      path.steps
        .map((s) => s.event.type)
        .filter((e) => !e.startsWith('xstate.'))
        .join(' → ') || '(start)';
    it(`${label} ⇒ ${String(path.state.value)}`, async () => {
      const made = await c.coupon();
      const w: Walk = { id: made.id, code: made.coupon.couponCode };
      let state: CouponState = 'draft';
      expect(made.coupon.state).toBe(state);
      await checkRefusals(w, state);
      for (const step of path.steps) {
        if (step.event.type.startsWith('xstate.')) continue;
        const type = step.event.type as CouponEventType;
        expect(await send[type](w), `${type} from ${state}`).toBe(200);
        state = String(step.state.value) as CouponState;
        expect(await storedState(w.id), `after ${type}`).toBe(state);
        if (state === 'deleted') {
          expect((await t.api('GET', `/api/GetCouponsDetails?id=${w.id}`, { token: admin })).status).toBe(404);
        } else {
          const d = dataOf<{ allowedEvents: string[]; coupon: { state: string } }>(
            await t.api('GET', `/api/GetCouponsDetails?id=${w.id}`, { token: admin }),
          );
          expect(d.coupon.state).toBe(state);
          expect(d.allowedEvents, `events in ${state}`).toEqual(adminEvents(state));
        }
        await checkRefusals(w, state);
      }
      expect(state).toBe(String(path.state.value));
    });
  }
});
