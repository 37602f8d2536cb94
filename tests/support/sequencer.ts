import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (the slowest files first, by the last run's times), with the end-to-end files after the others:
 * their front end is built beside the API and unit files (decision 041), so the workers run those meanwhile.
 */
export default class EndToEndLast extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = (f: TestSpecification) => f.project.name === 'e2e';
    return [...sorted.filter((f) => !e2e(f)), ...sorted.filter(e2e)];
  }
}
