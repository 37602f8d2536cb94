import { describe, expect, it } from 'vitest';
import {
  cancellationTerms,
  customerActions,
  firstName,
  LINE_RULES,
  ratingSummary,
  rescheduleRefusal,
} from '../../server/modules/orderLines/rules';

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
