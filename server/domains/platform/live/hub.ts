import type { Db } from '../../../db/client';
import { listenForNotifications } from '../../../db/client';
import type { CurrentUser } from '../../../http';
import * as repo from './repo';

/** Where one stream's text goes: the HTTP response in production, anything in a test. */
/** How long a stream ended by a stopping process waits before reconnecting (decision 063): the others are up. */
export const RESTART_RETRY_MS = 1000;

export interface Sink {
  write(text: string): void;
  end(): void;
  /** Bytes written but not yet taken by the network: a client that stops reading is dropped past a limit. */
  buffered(): number;
}

export interface HubOptions {
  /** A comment line this often keeps proxies and the browser from timing an idle stream out. */
  heartbeatMs: number;
  /** How often open streams' sessions are checked (logout, expiry, deactivation in any process). */
  sweepMs: number;
  /** A resume replays at most this many events... */
  replayLimit: number;
  /** ...missed within this long; past either, the client gets `reset` and refetches everything. */
  replayWindowMs: number;
  /** A client this many bytes behind is dropped; it reconnects and resumes. */
  maxBufferedBytes: number;
  /** Streams one session may hold; a new one past it closes the oldest (a reconnect whose old socket is half-open). */
  maxStreamsPerSession: number;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

export const DEFAULT_HUB_OPTIONS: Omit<HubOptions, 'log'> = {
  heartbeatMs: 25_000,
  sweepMs: 5_000,
  replayLimit: 1_000,
  replayWindowMs: 15 * 60_000,
  maxBufferedBytes: 1 << 20,
  maxStreamsPerSession: 5,
};

const BATCH = 500;
const RESET_REASON = 'Too much was missed: reload everything.';

interface Stream {
  userId: number;
  role: string;
  sessionId: number;
  /** The last event id this stream has been given (or skipped as already seen): the hub sends only newer ones. */
  cursor: number;
  /** Events that arrived while the stream was replaying; null once it is live. */
  pending: string[] | null;
  pendingIds: number[];
  sink: Sink;
  closed: boolean;
}

/** One SSE frame. `data` is one line of JSON (JSON.stringify never emits a raw newline). */
export function frame(id: number | null, event: string, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function eventFrame(row: repo.LiveEventRow): string {
  return frame(row.id, 'change', {
    id: row.id,
    kind: row.kind,
    tags: row.tags,
    payload: row.payload,
    at: row.at instanceof Date ? row.at.toISOString() : row.at,
  });
}

/**
 * The live-update fan-out of one server process (decision 015). It holds one dedicated LISTEN connection; each
 * notification makes it read the new rows (`id > lastSeen`, so notifications arriving together cost one query) and
 * write each to the open streams whose user is addressed or whose role is. Started on the first stream.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly byRole = new Map<string, Set<Stream>>();
  private lastSeen = 0;
  private starting: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;
  private draining = false;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  private sweeping = false;
  private ready = false;

  constructor(
    private readonly db: Db,
    private readonly opts: HubOptions,
  ) {}

  /** Listening, and the position to deliver from: LISTEN first, then read the head, so no event falls between. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      this.stopListening = await listenForNotifications(this.db, repo.LIVE_CHANNEL, {
        notify: (payload) => {
          if (this.ready && Number(payload) > this.lastSeen) void this.drain();
        },
        // After a reconnect, anything committed while the connection was down is read now.
        subscribed: () => {
          if (this.ready) void this.drain();
        },
        lost: (err) => this.opts.log.warn({ err }, 'live updates: listening connection lost, reconnecting'),
      });
      // Events committed before this read are the head: no stream is open yet to want them.
      this.lastSeen = Math.max(this.lastSeen, await repo.latestId(this.db));
      this.ready = true;
      const every = (ms: number, fn: () => void) => {
        const t = setInterval(fn, ms);
        t.unref();
        this.timers.push(t);
      };
      // The heartbeat also moves a quiet stream's cursor to this process's position (an id-only frame sets the
      // client's last event id without an event): its next resume then replays from here, not from hours ago.
      every(this.opts.heartbeatMs, () => {
        for (const s of this.streams) {
          if (s.pending) {
            this.send(s, ': ping\n\n');
            continue;
          }
          s.cursor = Math.max(s.cursor, this.lastSeen);
          this.send(s, `id: ${s.cursor}\n: ping\n\n`);
        }
      });
      every(this.opts.sweepMs, () => void this.sweep());
    })();
    this.starting.catch(() => {
      this.starting = null;
    });
    return this.starting;
  }

  /** The last event id this process has fanned out. */
  get position() {
    return this.lastSeen;
  }

  /** Open streams (for tests and logs). */
  get size() {
    return this.streams.size;
  }

  /**
   * Opens a stream for a signed-in user. Without a cursor it starts live at the current head; with one it first
   * replays the missed events the user may see (or sends `reset` when they are too many, too old or pruned). The
   * stream is registered before the replay is read and events arriving meanwhile wait, so between replay and live
   * there is no gap and no duplicate.
   */
  async open(user: CurrentUser, lastEventId: number | null, sink: Sink): Promise<() => void> {
    await this.start();
    const s: Stream = {
      userId: user.id,
      role: user.role,
      sessionId: user.sessionId,
      cursor: this.lastSeen,
      pending: [],
      pendingIds: [],
      sink,
      closed: false,
    };
    this.add(s);
    const head = this.lastSeen;
    const close = () => this.remove(s);
    sink.write('retry: 3000\n\n');
    let cursor = head;
    try {
      if (lastEventId !== null && lastEventId < head) {
        const replay = await this.replayOf(user, lastEventId, head);
        if (s.closed) return close;
        if (replay === 'reset') {
          sink.write(frame(head, 'reset', { reason: RESET_REASON }));
        } else {
          for (const row of replay) sink.write(eventFrame(row));
        }
      } else if (lastEventId !== null && lastEventId > head) {
        // A client ahead of this process (it was connected to another one) skips what it already has; a cursor past
        // every event there is comes from another database (restored, recreated): start over.
        const latest = await repo.latestId(this.db);
        if (s.closed) return close;
        if (lastEventId > latest) sink.write(frame(head, 'reset', { reason: RESET_REASON }));
        else cursor = lastEventId;
      }
      s.cursor = cursor;
      sink.write(frame(s.cursor, 'ready', { cursor: s.cursor }));
      const waiting = s.pending ?? [];
      const ids = s.pendingIds;
      s.pending = null;
      for (let i = 0; i < waiting.length; i++) {
        if (ids[i] > s.cursor) {
          s.cursor = ids[i];
          sink.write(waiting[i]);
        }
      }
    } catch (err) {
      this.opts.log.error({ err }, 'live updates: replay failed');
      this.end(s);
    }
    return close;
  }

  private async replayOf(user: CurrentUser, after: number, through: number): Promise<repo.LiveEventRow[] | 'reset'> {
    const oldest = await repo.oldest(this.db);
    // Events after the cursor were pruned (or the database is not the one the cursor came from).
    if (!oldest || oldest.id > after + 1) return 'reset';
    // Away for longer than the window (since the first event it missed): a reload beats a replay.
    const at = await repo.firstTimeAfter(this.db, after);
    if (at && Date.now() - at.getTime() > this.opts.replayWindowMs) return 'reset';
    const limit = this.opts.replayLimit;
    const rows = await repo.visibleBetween(this.db, after, through, { id: user.id, role: user.role }, limit + 1);
    return rows.length > limit ? 'reset' : rows;
  }

  /** Closes every stream of these sessions (logout in this process; the sweep finds the others). */
  closeSessions(sessionIds: Iterable<number>) {
    const gone = new Set(sessionIds);
    for (const s of this.streams) if (gone.has(s.sessionId)) this.end(s, 'session');
  }

  /** Checks every open stream's session at once and closes those that ended (revoked, expired, user deactivated). */
  async sweep() {
    if (this.sweeping || this.streams.size === 0) return;
    this.sweeping = true;
    try {
      const ids = [...new Set([...this.streams].map((s) => s.sessionId))];
      const live = new Set(await repo.liveSessionIds(this.db, ids));
      this.closeSessions(ids.filter((id) => !live.has(id)));
    } catch (err) {
      this.opts.log.warn({ err }, 'live updates: session sweep failed');
    } finally {
      this.sweeping = false;
    }
  }

  /** Reads the rows after lastSeen and fans them out; notifications arriving meanwhile fold into one more read. */
  private async drain(): Promise<void> {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = true;
    try {
      do {
        this.again = false;
        for (;;) {
          const rows = await repo.eventsAfter(this.db, this.lastSeen, BATCH);
          for (const row of rows) {
            this.dispatch(row);
            this.lastSeen = row.id;
          }
          if (rows.length < BATCH) break;
        }
      } while (this.again && !this.stopped);
    } catch (err) {
      this.opts.log.error({ err }, 'live updates: reading new events failed; retrying');
      const t = setTimeout(() => void this.drain(), 1000);
      t.unref();
    } finally {
      this.draining = false;
    }
  }

  private dispatch(row: repo.LiveEventRow) {
    let text: string | null = null;
    const deliver = (set: Set<Stream> | undefined) => {
      if (!set) return;
      for (const s of set) {
        if (s.cursor >= row.id) continue;
        text ??= eventFrame(row);
        if (s.pending) {
          s.pending.push(text);
          s.pendingIds.push(row.id);
        } else {
          s.cursor = row.id;
          this.send(s, text);
        }
      }
    };
    for (const id of row.userIds) deliver(this.byUser.get(id));
    for (const role of row.roles) deliver(this.byRole.get(role));
  }

  private send(s: Stream, text: string) {
    if (s.closed) return;
    if (s.sink.buffered() > this.opts.maxBufferedBytes) {
      this.opts.log.warn({ userId: s.userId }, 'live updates: client too far behind, dropped');
      this.end(s);
      return;
    }
    s.sink.write(text);
  }

  private add(s: Stream) {
    const same = [...this.streams].filter((o) => o.sessionId === s.sessionId);
    for (const o of same.slice(0, Math.max(0, same.length - this.opts.maxStreamsPerSession + 1))) this.end(o);
    this.streams.add(s);
    const u = this.byUser.get(s.userId) ?? new Set();
    u.add(s);
    this.byUser.set(s.userId, u);
    const r = this.byRole.get(s.role) ?? new Set();
    r.add(s);
    this.byRole.set(s.role, r);
  }

  private remove(s: Stream) {
    s.closed = true;
    this.streams.delete(s);
    const u = this.byUser.get(s.userId);
    u?.delete(s);
    if (u?.size === 0) this.byUser.delete(s.userId);
    const r = this.byRole.get(s.role);
    r?.delete(s);
    if (r?.size === 0) this.byRole.delete(s.role);
  }

  /**
   * Ends a stream; `session` tells the client its session is over (it must not reconnect with this token), `restart`
   * that this process is stopping: reconnect (to another process) after `retryMs` (also `retry:` for EventSource readers),
   * resuming from its cursor.
   */
  private end(s: Stream, reason?: 'session' | 'restart') {
    if (s.closed) return;
    this.remove(s);
    try {
      if (reason === 'restart') s.sink.write(`retry: ${RESTART_RETRY_MS}\n`);
      if (reason)
        s.sink.write(frame(null, 'end', reason === 'restart' ? { reason, retryMs: RESTART_RETRY_MS } : { reason }));
      s.sink.end();
    } catch {}
  }

  /** Ends every stream and stops listening (the server is closing). */
  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const s of [...this.streams]) this.end(s, 'restart');
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }
}
