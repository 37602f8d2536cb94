import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from './session';
import { sseParser } from './sse';

// Live updates (docs/decisions/015-live-updates.md): the signed-in user's event stream, read with fetch. The page's
// session goes in its cookie (decision 043); an API client passes its token for the Authorization header. Each
// `change` event names the API tags whose cached reads it touches; those are invalidated, so open screens refetch.

const STREAM_URL = '/api/Live/Stream';
const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** Events arriving together (a dispatch burst) cost one invalidation per tag. */
const BATCH_MS = 50;

export type LiveStatus = 'connecting' | 'live' | 'waiting' | 'stopped';

export interface LiveConnection {
  stop(): void;
  status(): LiveStatus;
}

/**
 * Keeps one stream open for the session (`token` when not the page's cookie): resumes after each drop with the last event id it saw (the server replays what was
 * missed, or says `reset`), waiting longer after each failure (1 s doubling to 30 s, with jitter). Stops for good when
 * the session has ended (401, or the server's `end` event), after asking the cache to refetch: those reads then meet
 * the 401 that signs the tab out.
 */
export function connectLive(
  token: string | null,
  queryClient: QueryClient,
  opts: { url?: string; fetch?: typeof fetch; onStatus?: (s: LiveStatus) => void } = {},
): LiveConnection {
  let status: LiveStatus = 'connecting';
  let lastEventId: string | null = null;
  let delay = MIN_DELAY_MS;
  let stopped = false;
  let controller: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const pendingTags = new Set<string>();
  let flushing = false;

  const setStatus = (s: LiveStatus) => {
    status = s;
    opts.onStatus?.(s);
  };
  const invalidate = (tags: string[]) => {
    for (const t of tags) pendingTags.add(t);
    if (flushing) return;
    flushing = true;
    setTimeout(() => {
      flushing = false;
      const tags = [...pendingTags];
      pendingTags.clear();
      for (const tag of tags) void queryClient.invalidateQueries({ queryKey: [tag] });
    }, BATCH_MS);
  };
  const sessionOver = () => {
    stop();
    void queryClient.invalidateQueries();
  };

  async function run() {
    if (stopped) return;
    setStatus('connecting');
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
    let ended: 'session' | 'restart' | null = null;
    let restartWait = MIN_DELAY_MS;
    try {
      const res = await (opts.fetch ?? fetch)(opts.url ?? STREAM_URL, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      });
      if (res.status === 401) return sessionOver();
      if (!res.ok || !res.body) throw new Error(`live stream answered ${res.status}`);
      const parse = sseParser((f) => {
        if (f.id !== null) lastEventId = f.id;
        if (f.event === 'ready') {
          setStatus('live');
          delay = MIN_DELAY_MS;
        } else if (f.event === 'change') {
          const tags = (JSON.parse(f.data) as { tags?: unknown }).tags;
          if (Array.isArray(tags)) invalidate(tags.filter((t): t is string => typeof t === 'string'));
        } else if (f.event === 'reset') {
          void queryClient.invalidateQueries();
        } else if (f.event === 'end') {
          const end = JSON.parse(f.data) as { reason?: string; retryMs?: number };
          if (end.reason === 'session' || end.reason === 'restart') ended = end.reason;
          if (typeof end.retryMs === 'number') restartWait = end.retryMs;
        }
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parse(value);
      }
    } catch {
      // A network drop or an abort: the loop below decides.
    }
    if (ended === 'session') return sessionOver();
    if (stopped) return;
    setStatus('waiting');
    // A stopping server (decision 063) is not a failure: back after its retry hint, spread so its clients do not
    // all arrive at once, and without growing the backoff.
    const wait = ended === 'restart' ? restartWait * (1 + Math.random()) : delay * (0.75 + Math.random() * 0.5);
    if (ended !== 'restart') delay = Math.min(delay * 2, MAX_DELAY_MS);
    retry = setTimeout(() => {
      retry = null;
      void run();
    }, wait);
  }

  // Back online: try at once instead of waiting out the backoff.
  const online = () => {
    if (retry && !stopped) {
      clearTimeout(retry);
      retry = null;
      delay = MIN_DELAY_MS;
      void run();
    }
  };
  if (typeof window !== 'undefined') window.addEventListener('online', online);

  function stop() {
    if (stopped) return;
    stopped = true;
    if (retry) clearTimeout(retry);
    controller?.abort();
    if (typeof window !== 'undefined') window.removeEventListener('online', online);
    setStatus('stopped');
  }

  void run();
  return { stop, status: () => status };
}

// One stream per tab, shared by whatever mounts it (the staff layout, the customer's account page).
interface Shared {
  /** Whose stream it is: another user signed in (another tab) needs a stream of their own. */
  userId: number;
  connection: LiveConnection;
  users: number;
  closing: ReturnType<typeof setTimeout> | null;
}
let shared: Shared | null = null;

function retain(userId: number, queryClient: QueryClient): () => void {
  // A stream stopped for good (its session ended) is not reused by the next sign-in, even the same user's.
  if (shared && (shared.userId !== userId || shared.connection.status() === 'stopped')) {
    shared.connection.stop();
    shared = null;
  }
  if (!shared) shared = { userId, connection: connectLive(null, queryClient), users: 0, closing: null };
  const mine = shared;
  mine.users++;
  if (mine.closing) clearTimeout(mine.closing);
  mine.closing = null;
  return () => {
    mine.users--;
    // A page change unmounts one user and mounts the next: keep the stream through the gap.
    if (mine.users === 0) {
      mine.closing = setTimeout(() => {
        if (mine.users === 0 && shared === mine) {
          mine.connection.stop();
          shared = null;
        }
      }, 2_000);
    }
  };
}

/** Keeps the signed-in user's live stream open while the calling screen is mounted. */
export function useLiveUpdates() {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.matches('signedIn') ? (session.context.user?.Id ?? null) : null;
  useEffect(() => (userId === null ? undefined : retain(userId, queryClient)), [userId, queryClient]);
}
