// A server-sent events reader for tests and bench/live-streams.ts: fetch with the bearer token (as src/api/live.ts
// reads the stream in the browser), the frames parsed as they arrive by the browser's own parser (src/api/sse.ts).
import { sseParser } from '../../src/api/sse';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
  /** performance.now() when the frame was parsed. */
  receivedAt: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The body when the server refused the stream (not 200). */
  problem: any;
  events: SseEvent[];
  comments: number;
  /** The next event (from the start of the stream when `from` is 0) matching `pred`, or a timeout error. */
  waitFor(pred: (e: SseEvent) => boolean, timeoutMs?: number, from?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(
  url: string,
  opts: { token?: string | null; lastEventId?: string | number; headers?: Record<string, string> } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let comments = 0;
  const notify = () => {
    for (const w of [...waiters]) w();
  };
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    problem: null,
    events,
    get comments() {
      return comments;
    },
    ended: Promise.resolve(),
    waitFor(pred, timeoutMs = 5000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const hit = events.slice(from).find(pred);
          if (hit) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
  if (res.status !== 200 || !res.body) {
    const text = await res.text();
    try {
      stream.problem = JSON.parse(text);
    } catch {
      stream.problem = text;
    }
    return stream;
  }
  const parse = sseParser(
    (e) => {
      events.push({ ...e, receivedAt: performance.now() });
      notify();
    },
    () => comments++,
  );
  const decoder = new TextDecoder();
  const reader = res.body.getReader();
  stream.ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parse(decoder.decode(value, { stream: true }));
      }
    } catch {
      // aborted by close()
    } finally {
      notify();
    }
  })();
  return stream;
}

/** The parsed data of a `change` event. */
export const changeOf = (e: SseEvent) =>
  JSON.parse(e.data) as { id: number; kind: string; tags: string[]; payload: Record<string, unknown> };
