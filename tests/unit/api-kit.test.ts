import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract';
import { invalidateAfter, tagsChangedBy } from '../../src/api/invalidate';
import { invalidatesOf } from '../../src/api/invalidates.gen';
import { keyOf } from '../../src/api/kit';

describe('operation kit: keys and invalidation from the contract', () => {
  it('keys a read as [tag, operationId, params]', () => {
    expect(keyOf('Catalogue', 'getAllServices', { page: 1 })).toEqual(['Catalogue', 'getAllServices', { page: 1 }]);
    expect(keyOf('Geography', 'getAllStates')).toEqual(['Geography', 'getAllStates']);
    // @ts-expect-error: getAllStates is a Geography read, so a Catalogue key for it does not type-check
    expect(keyOf('Catalogue', 'getAllStates')[0]).toBe('Catalogue');
  });

  it('every write names the tags it changes, and a catalogue or zone write refreshes its own tag', () => {
    const tagOf = Object.fromEntries(loadContract().operations.map((o) => [o.operationId, o.tags[0]]));
    const writes = Object.entries(invalidatesOf);
    expect(writes.length).toBeGreaterThan(30);
    for (const [id, tags] of writes) {
      const tag = tagOf[id];
      if (tag === 'Catalogue' || tag === 'Geography' || tag === 'Banners') {
        expect(tags as readonly string[], id).toContain(tag);
      }
    }
    expect('getAllServices' in invalidatesOf).toBe(false);
    expect(tagsChangedBy('toggleActive')).toEqual(expect.arrayContaining(['Catalogue', 'Geography', 'Banners']));
  });

  it("an admin's service edit marks the storefront's reads stale, and leaves other tags alone", async () => {
    const qc = new QueryClient();
    const storefront = keyOf('Catalogue', 'getServiceById', { id: 7, storefront: true });
    const adminList = keyOf('Catalogue', 'getAllServices', { page: 1, status: 'all' });
    const banners = keyOf('Banners', 'getAllBanners', { type: 'Home', storefront: true });
    const states = keyOf('Geography', 'getAllStates');
    for (const key of [storefront, adminList, banners, states]) qc.setQueryData(key, { seeded: true });
    await invalidateAfter(qc, 'updateService');
    expect(qc.getQueryState(storefront)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(adminList)?.isInvalidated).toBe(true);
    // A hidden service's banner disappears from the home page, so banners refresh too.
    expect(qc.getQueryState(banners)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(states)?.isInvalidated).toBe(false);
  });

  it('a read under way when a write lands is stale once answered, not fresh for the staleTime', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000 } } });
    const list = keyOf('Products', 'getInventoryProducts', { page: 1, pageSize: 10, lowStock: true, search: 'RO' });
    let onHand = 4;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    // A route loader's prefetch for the page being opened: read before the write, answered after it.
    const prefetch = qc.prefetchQuery({
      queryKey: list,
      queryFn: async () => {
        const read = onHand;
        await answered;
        return { onHand: read };
      },
    });
    onHand = 24;
    await invalidateAfter(qc, 'addStockMovement');
    answer();
    await prefetch;
    await Promise.resolve();
    expect(qc.getQueryData(list)).toEqual({ onHand: 4 });
    expect(qc.getQueryState(list)?.isInvalidated).toBe(true);
    // So the list fetches again when its page shows it.
    expect(await qc.fetchQuery({ queryKey: list, queryFn: async () => ({ onHand }) })).toEqual({ onHand: 24 });
  });
});
