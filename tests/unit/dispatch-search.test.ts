import { describe, expect, it } from 'vitest';
import {
  MAX_TRAIL,
  trailOf,
  validateDispatchSearch,
  walkTrail,
} from '../../src/routes/-components/dispatch/dispatchSearch';
import { eventLabel, formatWaited, stateLabel } from '../../src/routes/-components/dispatch/labels';

describe('a dispatch list URL', () => {
  it('keeps valid filters, the search, a listed page size and the cursor trail', () => {
    expect(
      validateDispatchSearch({
        search: ' 98 ',
        pageSize: '50',
        zoneId: '3',
        categoryId: 4,
        professionalId: '12',
        from: '2026-11-20',
        to: '2026-11-30',
        state: 'accepted',
        trail: '1764561600000_42.1764648000000_57',
      }),
    ).toEqual({
      search: ' 98 ',
      pageSize: 50,
      zoneId: 3,
      categoryId: 4,
      professionalId: 12,
      from: '2026-11-20',
      to: '2026-11-30',
      state: 'accepted',
      trail: '1764561600000_42.1764648000000_57',
    });
  });

  it('drops what is malformed instead of sending it: ids, dates, states, sizes, a bad trail', () => {
    expect(
      validateDispatchSearch({
        search: '   ',
        pageSize: '7',
        zoneId: '0',
        categoryId: '-1',
        professionalId: '99999999999',
        from: '2026-13-45',
        to: 'tomorrow',
        state: 'cancelled',
        trail: '1764561600000_42.drop table',
      }),
    ).toEqual({});
  });

  it('swaps a reversed date range, and caps the trail', () => {
    expect(validateDispatchSearch({ from: '2026-12-01', to: '2026-11-01' })).toMatchObject({
      from: '2026-11-01',
      to: '2026-12-01',
    });
    const long = Array.from({ length: MAX_TRAIL + 1 }, (_, i) => `${i}_${i}`).join('.');
    expect(trailOf(long)).toEqual([]);
    expect(trailOf('-5_1')).toEqual(['-5_1']);
  });
});

describe('dispatch words', () => {
  it('says how long a line waited from the server minutes', () => {
    expect(formatWaited(0)).toBe('under a minute');
    expect(formatWaited(45)).toBe('45 min');
    expect(formatWaited(185)).toBe('3 h 05 min');
    expect(formatWaited(3 * 1440 + 125)).toBe('3 d 2 h');
  });

  it('names states and events for staff, and shows unknown ones as they are', () => {
    expect(stateLabel('unassigned')).toBe('Unassigned');
    expect(stateLabel(null)).toBe('—');
    expect(eventLabel('ADMIN_CANCEL')).toBe('Cancel (admin)');
    expect(eventLabel('CREATE')).toBe('Order placed');
    expect(eventLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('keyset paging through the trail', () => {
  const at = (page: number, more: Partial<{ search: string; pageSize: number }> = {}) => ({
    page,
    pageSize: 20,
    search: '',
    ...more,
  });

  it('Next pushes the reply cursor, Previous pops one, First and a vanished page go back to the start', () => {
    expect(walkTrail([], at(1), at(2), '100_1')).toEqual(['100_1']);
    expect(walkTrail(['100_1'], at(2), at(3), '200_2')).toEqual(['100_1', '200_2']);
    expect(walkTrail(['100_1', '200_2'], at(3), at(2), null)).toEqual(['100_1']);
    expect(walkTrail(['100_1', '200_2'], at(3), at(1), null)).toEqual([]);
    // The table steps back to its last page when lines left the list: with cursors, that is the start.
    expect(walkTrail(['100_1', '200_2', '300_3'], at(4), at(2), null)).toEqual([]);
  });

  it('does nothing without a next cursor or for the same page, and starts again on a new search or size', () => {
    expect(walkTrail(['100_1'], at(2), at(3), null)).toBeNull();
    expect(walkTrail(['100_1'], at(2), at(2), '200_2')).toBeNull();
    expect(walkTrail(['100_1'], at(2), at(2, { search: 'fan' }), '200_2')).toEqual([]);
    expect(walkTrail(['100_1'], at(2), at(2, { pageSize: 50 }), '200_2')).toEqual([]);
    const deep = Array.from({ length: MAX_TRAIL }, (_, i) => `${i}_${i}`);
    expect(walkTrail(deep, at(MAX_TRAIL + 1), at(MAX_TRAIL + 2), '1_1')).toBeNull();
  });
});
