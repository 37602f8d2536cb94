import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPathReport, MACHINE_MODELS, pathReport } from '../../support/machine-paths';

// `npm run test:paths` prints this report; here it runs inside `npm test`, so coverage falling fails the suite.
describe('model-based path report', () => {
  const reports = pathReport();

  it('lists every machine in src/machines that has a model', () => {
    const withModel = readdirSync('src/machines', { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(`src/machines/${d.name}/${d.name}.model.ts`))
      .map((d) => d.name);
    expect(MACHINE_MODELS.map((m) => m.name).sort()).toEqual(withModel.sort());
  });

  for (const r of reports) {
    it(`${r.name}: the paths cover 100% of states and transitions`, () => {
      expect(r.paths.length).toBeGreaterThan(0);
      expect({ states: r.coverage.states.missing, transitions: r.coverage.transitions.missing }).toEqual({
        states: [],
        transitions: [],
      });
      expect([r.statePercent, r.transitionPercent]).toEqual([100, 100]);
    });
  }

  it('prints states, transitions and paths per machine', () => {
    const text = formatPathReport(reports);
    expect(text).toContain('■ paymentIntent: 6 states, 9 transitions');
    expect(text).toContain('✓ awaitingPayment --VERIFY--> awaitingPayment');
    expect(text).toContain('(returning) error:verifyPayment → DONE ⇒ closed');
    expect(text).toContain('SUBMIT_AMOUNT(abc)');
    expect(text).not.toContain('✗');
  });
});
