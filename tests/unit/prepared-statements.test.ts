// Which query texts become named (prepared) statements (server/db/prepared.ts, decision 035).
import { describe, expect, it } from 'vitest';
import { MAX_NAMED, statementName } from '../../server/db/prepared';

describe('statementName', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const text = 'select $1::int as once_then_named';
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^d\d+$/);
    expect(statementName(text)).toBe(name);
  });

  it('gives different texts different names', () => {
    const a = 'select $1::int as a_text';
    const b = 'select $1::int as b_text';
    statementName(a);
    statementName(b);
    expect(statementName(a)).not.toBe(statementName(b));
  });

  it('names no more than MAX_NAMED texts; the rest run unnamed', () => {
    for (let i = 0; i < MAX_NAMED + 10; i++) {
      statementName(`select $1::int as filler_${i}`);
      statementName(`select $1::int as filler_${i}`);
    }
    const late = 'select $1::int as after_the_cap';
    statementName(late);
    expect(statementName(late)).toBeUndefined();
    // Texts named before the cap keep their names.
    expect(statementName('select $1::int as once_then_named')).toMatch(/^d\d+$/);
  });
});
