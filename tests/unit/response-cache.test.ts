import { describe, expect, it } from 'vitest';
import { ResponseCache } from '../../server/plugins/cache';

const entry = (body: string) => ({ body, etag: `"${body.length}"`, visitors: true });

describe('ResponseCache', () => {
  it('never stores a reply computed before an invalidation', () => {
    const cache = new ResponseCache();
    const started = cache.version;
    cache.bump();
    cache.set('k', started, entry('stale'));
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', cache.version, entry('fresh'));
    expect(cache.get('k')?.body).toBe('fresh');
  });

  it('drops the oldest entries beyond its entry and size limits', () => {
    const byCount = new ResponseCache(2);
    for (const k of ['a', 'b', 'c']) byCount.set(k, 0, entry(k));
    expect([byCount.get('a'), byCount.get('b')?.body, byCount.get('c')?.body]).toEqual([undefined, 'b', 'c']);

    const bySize = new ResponseCache(100, 40);
    bySize.set('a', 0, entry('x'.repeat(10)));
    bySize.set('b', 0, entry('y'.repeat(10)));
    bySize.set('c', 0, entry('z'.repeat(10)));
    bySize.set('d', 0, entry('w'.repeat(10)));
    bySize.set('e', 0, entry('v'.repeat(10)));
    expect(bySize.get('a')).toBeUndefined();
    expect(bySize.size).toBe(4);
    bySize.set('huge', 0, entry('h'.repeat(11))); // more than a quarter of the budget: not kept
    expect(bySize.get('huge')).toBeUndefined();
  });
});
