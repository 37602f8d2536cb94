// The SSE parser the browser client and the tests share (src/api/sse.ts), on the stream's awkward cases.
import { describe, expect, it } from 'vitest';
import { type SseFrame, sseParser } from '../../src/api/sse';

function parseAll(chunks: string[]) {
  const frames: SseFrame[] = [];
  let comments = 0;
  const feed = sseParser(
    (f) => frames.push(f),
    () => comments++,
  );
  for (const c of chunks) feed(c);
  return { frames, comments };
}

describe('sseParser', () => {
  it('reads id, event and data, joins data lines, and skips comments (the heartbeat)', () => {
    const { frames, comments } = parseAll([': ping\n\nid: 7\nevent: change\ndata: {"a":1}\ndata: second\n\n']);
    expect(frames).toEqual([{ id: '7', event: 'change', data: '{"a":1}\nsecond' }]);
    expect(comments).toBe(1);
  });

  it('waits for the blank line: a frame split across chunks anywhere comes out whole, once', () => {
    const text = 'id: 12\nevent: change\ndata: {"tags":["Dispatch"]}\n\nid: 13\nevent: ready\ndata: {}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { frames } = parseAll([text.slice(0, cut), text.slice(cut)]);
      expect(frames.map((f) => f.id)).toEqual(['12', '13']);
    }
  });

  it('accepts CRLF and CR line ends, a field without a space or a value, and ignores unknown fields', () => {
    const { frames } = parseAll([
      'id:5\r\nevent:reset\r\nretry: 3000\r\nfoo: bar\r\ndata\r\n\r\n',
      'data: x\r\rdata: y\n\n',
    ]);
    expect(frames).toEqual([
      { id: '5', event: 'reset', data: '' },
      { id: null, event: 'message', data: 'x' },
      { id: null, event: 'message', data: 'y' },
    ]);
  });

  it('a frame with neither data nor id (retry alone) is no event', () => {
    expect(parseAll(['retry: 3000\n\n', 'event: lonely\n\n']).frames).toEqual([]);
  });
});
