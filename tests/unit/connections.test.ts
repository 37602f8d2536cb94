// Stopping takes the connections already queued before it closes the listener (server/plugins/connections.ts,
// decision 063). A busy child process is told to stop, twenty clients connect while it is busy, and then it closes.
import { fork } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CHILD = path.join(import.meta.dirname, '../support/queued-connections-server.ts');

async function stopWhileQueued(how: 'now' | 'quiet') {
  const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (p) => resolve(p as number)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send(how);
  await new Promise((r) => setTimeout(r, 50));
  const outcomes = await Promise.all(
    Array.from(
      { length: 20 },
      () =>
        new Promise<string>((resolve) => {
          const req = http.request({ host: '127.0.0.1', port, method: 'POST', agent: false }, (res) => {
            res.resume();
            res.on('end', () => resolve(String(res.statusCode)));
            res.on('error', () => resolve('cut'));
          });
          req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED' ? 'refused' : 'cut'));
          req.end('x');
        }),
    ),
  );
  await exited;
  return outcomes;
}

describe('stopping with connections queued', () => {
  it("closing the listener at once resets the connections Node had not taken yet (Node's own behaviour)", async () => {
    const outcomes = await stopWhileQueued('now');
    expect(outcomes.filter((o) => o === 'cut').length).toBeGreaterThan(0);
  });

  it('waiting until no connection arrives answers every one of them', async () => {
    const outcomes = await stopWhileQueued('quiet');
    expect(outcomes).toEqual(Array(20).fill('200'));
  });
});
