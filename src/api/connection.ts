import { useSyncExternalStore } from 'react';
import { client } from './client';

// Whether the server answers, as the last call found it: a call that gets no answer at all (offline, server down)
// marks it unreachable, any answer marks it back. The root route shows a banner with a retry while it is down.

let reachable = true;
const listeners = new Set<() => void>();
function set(next: boolean) {
  if (next === reachable) return;
  reachable = next;
  for (const l of [...listeners]) l();
}

client.use({
  onResponse() {
    set(true);
    return undefined;
  },
  onError() {
    set(false);
    return undefined;
  },
});

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};
const snapshot = () => reachable;

/** True while the server answers (or has not been found silent yet). */
export const useServerReachable = () => useSyncExternalStore(subscribe, snapshot, snapshot);

/** Asks the server again (a cheap page read, never cached); true when it answered. */
export async function checkServer(): Promise<boolean> {
  try {
    await fetch('/robots.txt', { method: 'HEAD', cache: 'no-store' });
    set(true);
  } catch {
    set(false);
  }
  return reachable;
}
