import { setFileScope } from '@vanilla-extract/css/fileScope';
import { describe, expect, it } from 'vitest';

// search.ts reads the list search, which reads DataTable's defaults (vanilla-extract styles): give them a file scope.
setFileScope('tests/unit/recruitment-search.test.ts');
const { validateCandidateListSearch, validateCandidatesInPageSearch, validateCandidateSearch, validatePeriodSearch } =
  await import('../../src/routes/-components/recruitment/search');

describe("the recruitment pages' URLs", () => {
  it('keep a list, its tab and the candidate open in the page; drop anything malformed', () => {
    expect(validateCandidateListSearch({ page: '2', search: 'Meera', tab: 'Rejected' })).toMatchObject({
      page: 2,
      search: 'Meera',
      tab: 'Rejected',
    });
    expect(validateCandidateListSearch({ tab: 'x; drop table' }).tab).toBeUndefined();
    expect(validateCandidatesInPageSearch({ id: '17' }).id).toBe(17);
    expect('id' in validateCandidatesInPageSearch({ id: '-3' })).toBe(false);
    expect(validateCandidateSearch({ id: 'abc' })).toEqual({ id: 0 });
  });

  it('keep a real period and designation only', () => {
    expect(
      validatePeriodSearch({ from: '2026-11-01', to: '2026-11-30', year: '2025', designation: 'Engineer' }),
    ).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      year: 2025,
      designation: 'Engineer',
    });
    expect(validatePeriodSearch({ from: '2026-02-30', to: 'yesterday', year: '1850', designation: 'Plumber' })).toEqual(
      {
        from: undefined,
        to: undefined,
        year: undefined,
        designation: undefined,
      },
    );
  });
});
