// The rule of `npm run deps:check` (decision 064), fed what `npm outdated --json` answers.
import { describe, expect, it } from 'vitest';
import { heldBack, unexplainedMajors } from '../../scripts/deps-rules';

const outdated = {
  ioredis: { current: '5.9.2', wanted: '5.9.2', latest: '6.1.0' },
  pino: { current: '10.4.0', wanted: '10.4.0', latest: '10.5.0' },
  vite: { current: '8.3.8', wanted: '8.3.8', latest: '9.0.0' },
};
const runtime = ['ioredis', 'pino'];

describe('deps:check', () => {
  it('fails a runtime dependency a major behind, not a minor one nor a development one', () => {
    expect(unexplainedMajors(outdated, runtime, new Map())).toEqual(['ioredis 5.9.2 → 6.1.0']);
  });

  it('accepts a major held back by a decision, only at the major it names', () => {
    const held = heldBack(['# 064\n\n- `ioredis` held at 5: RESP3 by default needs its own test run.\n']);
    expect(held.get('ioredis')).toBe(5);
    expect(unexplainedMajors(outdated, runtime, held)).toEqual([]);
    expect(unexplainedMajors(outdated, runtime, heldBack(['- `ioredis` held at 4: old reason\n']))).toEqual([
      'ioredis 5.9.2 → 6.1.0',
    ]);
  });
});
