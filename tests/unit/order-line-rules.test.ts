import { describe, expect, it } from 'vitest';
import {
  cancellationTerms,
  customerActions,
  LINE_RULES,
  providerName,
  ratingSummary,
  rescheduleRefusal,
  sourceRefundOffer,
  stateLabel,
} from '../../server/domains/commerce/orderLines/rules';
import { firstName } from '../../server/shared/person';

const HOUR = 3_600_000;
const now = new Date('2026-11-23T06:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * HOUR);

describe('cancellation terms', () => {
  it('are free while no professional is assigned, whatever the time', () => {
    const t = cancellationTerms({ state: 'unassigned', slotStart: inHours(1), totalPaise: 58_900 }, now);
    expect(t).toMatchObject({ free: true, feePaise: 0, refundPaise: 58_900 });
  });

  it('are free for an assigned line more than 3 hours away, until 3 hours before the slot', () => {
    const t = cancellationTerms({ state: 'assigned', slotStart: inHours(3.01), totalPaise: 58_900 }, now);
    expect(t).toMatchObject({ free: true, feePaise: 0, refundPaise: 58_900 });
    expect(t.freeUntil?.getTime()).toBe(inHours(0.01).getTime());
  });

  it('charge ₹99 inside the window (exactly 3 hours before included), never more than the line', () => {
    for (const state of ['assigned', 'accepted']) {
      expect(cancellationTerms({ state, slotStart: inHours(3), totalPaise: 58_900 }, now)).toMatchObject({
        free: false,
        feePaise: LINE_RULES.feePaise,
        refundPaise: 58_900 - 9_900,
      });
    }
    expect(cancellationTerms({ state: 'assigned', slotStart: inHours(1), totalPaise: 5_000 }, now)).toMatchObject({
      feePaise: 5_000,
      refundPaise: 0,
    });
    // A visit whose slot has passed without being completed is inside the window too.
    expect(cancellationTerms({ state: 'accepted', slotStart: inHours(-2), totalPaise: 20_000 }, now).feePaise).toBe(
      9_900,
    );
  });

  it('are always free when the admin cancels', () => {
    expect(
      cancellationTerms({ state: 'accepted', slotStart: inHours(1), totalPaise: 20_000 }, now, true),
    ).toMatchObject({ free: true, feePaise: 0, refundPaise: 20_000 });
  });
});

describe('reschedule limits', () => {
  it('allow a move until 3 hours before the slot, at most twice', () => {
    expect(rescheduleRefusal({ slotStart: inHours(3.5), rescheduleCount: 0 }, now)).toBeNull();
    expect(rescheduleRefusal({ slotStart: inHours(3.5), rescheduleCount: 1 }, now)).toBeNull();
    expect(rescheduleRefusal({ slotStart: inHours(3.5), rescheduleCount: 2 }, now)).toMatch(/at most 2 times/);
    expect(rescheduleRefusal({ slotStart: inHours(3), rescheduleCount: 0 }, now)).toMatch(/3 hours before/);
  });
});

describe("the customer's actions", () => {
  const line = (
    state: string,
    over: Partial<{ slotStart: Date; rescheduleCount: number; invoiceNo: string | null }> = {},
  ) =>
    customerActions({ state, slotStart: inHours(24), rescheduleCount: 0, invoiceNo: 'INV/2627/000001', ...over }, now);

  it('follow the machine and the clock', () => {
    expect(line('unassigned')).toEqual(['Reschedule', 'Cancel', 'Invoice', 'Query']);
    expect(line('assigned', { slotStart: inHours(2) })).toEqual(['Cancel', 'Invoice', 'Query']);
    expect(line('accepted', { rescheduleCount: 2 })).toEqual(['Cancel', 'Invoice', 'Query']);
    expect(line('completed')).toEqual(['Rate', 'Invoice', 'Query']);
    expect(line('rated')).toEqual(['Invoice', 'Query']);
    expect(line('cancelled', { invoiceNo: null })).toEqual(['Query']);
    expect(line('paymentFailed', { invoiceNo: null })).toEqual([]);
    expect(line('awaitingPayment', { invoiceNo: null })).toEqual([]);
  });
});

describe('ratings', () => {
  it('summarise the stats row and show only first names', () => {
    expect(ratingSummary(null)).toEqual({ average: 0, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
    expect(ratingSummary({ count: 3, total: 13, stars1: 0, stars2: 0, stars3: 0, stars4: 2, stars5: 1 })).toEqual({
      average: 4.3,
      count: 3,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 },
    });
    expect(firstName('  Kavya   Customer ')).toBe('Kavya');
  });
});

describe("cancellation terms say why, in the customer's words", () => {
  it('name the reason for each case', () => {
    const reason = (state: string, hours: number, admin = false) =>
      cancellationTerms({ state, slotStart: inHours(hours), totalPaise: 58_900 }, now, admin).reason;
    expect(reason('accepted', 1, true)).toBe('Cancelled by us');
    expect(reason('unassigned', 1)).toBe('Free: no professional has been assigned yet.');
    expect(reason('assigned', 5)).toBe('Free: the visit is more than 3 hours away.');
    expect(reason('assigned', 2)).toBe(
      'A cancellation fee applies: a professional is assigned and the visit is less than 3 hours away.',
    );
  });
});

describe('state labels and providers', () => {
  it("show a line's state as the customer reads it, and an unknown state as it is", () => {
    expect(stateLabel('unassigned')).toBe('Placed');
    expect(stateLabel('paymentFailed')).toBe('Payment failed');
    expect(stateLabel('onHold')).toBe('onHold');
  });

  it('name the payment providers, and an unknown code as it is', () => {
    expect(providerName('CF')).toBe('Cashfree');
    expect(providerName('RP')).toBe('Razorpay');
    expect(providerName('sandbox')).toBe('the sandbox provider');
    expect(providerName('PU')).toBe('PU');
  });
});

describe('ratings with no reviews', () => {
  it('average 0, not a division by zero', () => {
    expect(ratingSummary({ count: 0, total: 0, stars1: 0, stars2: 0, stars3: 0, stars4: 0, stars5: 0 })).toEqual({
      average: 0,
      count: 0,
      distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
  });
});

describe('refund to source (decision 030)', () => {
  // A cancelled line refunded ₹540.10 to the wallet, of an order the provider was paid ₹589 for.
  const cancelled = {
    state: 'cancelled',
    refundPaise: 54_010,
    providerPaise: 58_900,
    paymentProvider: 'RP',
    sourceRefundStatus: null,
    sourceRefundPaise: null,
  };

  it("offers the line's refund back to the provider that was paid", () => {
    expect(sourceRefundOffer(cancelled)).toEqual({
      available: true,
      amount: 540.1,
      provider: 'Razorpay',
      status: null,
    });
  });

  it('offers at most what the provider was paid (the rest of the order was paid from the wallet)', () => {
    expect(sourceRefundOffer({ ...cancelled, providerPaise: 30_000 })).toMatchObject({ available: true, amount: 300 });
  });

  it('offers nothing for a line not cancelled, without a refund, or paid from the wallet', () => {
    expect(sourceRefundOffer({ ...cancelled, state: 'completed' }).available).toBe(false);
    expect(sourceRefundOffer({ ...cancelled, refundPaise: 0 })).toMatchObject({ available: false, amount: 0 });
    expect(sourceRefundOffer({ ...cancelled, refundPaise: null })).toMatchObject({ available: false, amount: 0 });
    expect(sourceRefundOffer({ ...cancelled, providerPaise: 0 })).toMatchObject({ available: false, amount: 0 });
    expect(sourceRefundOffer({ ...cancelled, paymentProvider: null })).toEqual({
      available: false,
      amount: 540.1,
      provider: null,
      status: null,
    });
  });

  it('once sent, shows what was sent and offers it no more; after a failure, offers it again', () => {
    for (const status of ['requested', 'pending', 'processed'] as const) {
      expect(sourceRefundOffer({ ...cancelled, sourceRefundStatus: status, sourceRefundPaise: 50_000 })).toEqual({
        available: false,
        amount: 500,
        provider: 'Razorpay',
        status,
      });
    }
    expect(sourceRefundOffer({ ...cancelled, sourceRefundStatus: 'failed', sourceRefundPaise: 50_000 })).toEqual({
      available: true,
      amount: 540.1,
      provider: 'Razorpay',
      status: 'failed',
    });
  });
});
