import { currentUser, type Handlers, HttpError } from '../../../http';

/** The stream is for clients that ask for it: a plain GET (a link, a JSON client) is told so instead of hanging. */
function wantsEventStream(accept: string | undefined) {
  return !!accept && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept);
}

export const liveHandlers: Handlers = {
  async liveStream(req, reply) {
    if (!wantsEventStream(req.headers.accept)) {
      throw new HttpError(
        406,
        'Not acceptable',
        'This is a server-sent events stream: request it with "Accept: text/event-stream".',
      );
    }
    const user = currentUser(req);
    const raw = req.headers['last-event-id'];
    const lastEventId = typeof raw === 'string' && /^[0-9]{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
    const hub = req.server.live;
    await hub.start();
    // From here the response is ours: no serialiser, no compression, no JSON envelope.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
      'X-Content-Type-Options': 'nosniff',
    });
    req.raw.socket.setNoDelay(true);
    req.raw.socket.setTimeout(0);
    res.flushHeaders();
    let close: (() => void) | null = null;
    let gone = false;
    res.once('close', () => {
      gone = true;
      close?.();
    });
    close = await hub.open(user, lastEventId, {
      write: (text) => {
        if (!res.destroyed) res.write(text);
      },
      end: () => res.end(),
      buffered: () => res.writableLength,
    });
    if (gone) close();
    return reply;
  },
};
