// The live client and a stopping server (decision 063): `end` with reason restart is not the end of the session; the
// client comes back after the server's retryMs (spread up to twice that), while `end` session stops it for good.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { connectLive } from '../../src/api/live';

/** A fetch that answers each call with the next stream text, then closes it; counts the calls. */
function streams(...texts: string[]) {
  const calls: number[] = [];
  const fetch = (async () => {
    calls.push(Date.now());
    const text = texts[Math.min(calls.length - 1, texts.length - 1)];
    return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const ready = 'retry: 3000\n\nid: 5\nevent: ready\ndata: {}\n\n';

describe('the live client when the server stops', () => {
  it('reconnects after the retry hint when the stream ends for a restart', async () => {
    const s = streams(`${ready}retry: 40\nevent: end\ndata: {"reason":"restart","retryMs":40}\n\n`, ready);
    const live = connectLive('t', new QueryClient(), { url: 'http://x/stream', fetch: s.fetch });
    try {
      await expect.poll(() => s.calls.length, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
      // Well before the 1 s backoff a failure would wait.
      expect(s.calls[1] - s.calls[0]).toBeLessThan(500);
      expect(s.calls[1] - s.calls[0]).toBeGreaterThanOrEqual(35);
    } finally {
      live.stop();
    }
  });

  it('stops for good when the stream ends with the session', async () => {
    const s = streams(`${ready}event: end\ndata: {"reason":"session"}\n\n`);
    const live = connectLive('t', new QueryClient(), { url: 'http://x/stream', fetch: s.fetch });
    await expect.poll(() => live.status()).toBe('stopped');
    expect(s.calls.length).toBe(1);
  });
});
