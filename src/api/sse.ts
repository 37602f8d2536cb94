/** One server-sent event as the stream framed it (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export interface SseFrame {
  /** The `id:` field, or null when the frame had none (the last event id is then unchanged). */
  id: string | null;
  event: string;
  data: string;
}

/**
 * An incremental parser of a text/event-stream: feed it decoded text as it arrives; it calls `onFrame` for each
 * complete frame with data or an id, and skips comment lines (the server's heartbeat). Fields as the standard says:
 * `name: value` (one optional space), data lines joined with newlines, unknown fields ignored.
 */
export function sseParser(onFrame: (f: SseFrame) => void, onComment: () => void = () => {}) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const m = /\r\n\r\n|\n\n|\r\r/.exec(buffer);
      if (!m) return;
      const block = buffer.slice(0, m.index);
      buffer = buffer.slice(m.index + m[0].length);
      let id: string | null = null;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split(/\r\n|\n|\r/)) {
        if (line === '') continue;
        if (line.startsWith(':')) {
          onComment();
          continue;
        }
        const colon = line.indexOf(':');
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (name === 'id' && !value.includes('\0')) id = value;
        else if (name === 'event') event = value;
        else if (name === 'data') data.push(value);
      }
      if (data.length > 0 || id !== null) onFrame({ id, event, data: data.join('\n') });
    }
  };
}
