import { setFileScope } from '@vanilla-extract/css/fileScope';
import { describe, expect, it } from 'vitest';

// listSearch.ts reads DataTable's defaults, and DataTable.tsx imports vanilla-extract styles: give them a file scope.
setFileScope('tests/unit/admin-list-search.test.ts');
const { listSearchOf, tableStateOf, validateListSearch } = await import(
  '../../src/routes/_admin/-components/listSearch'
);

describe("a list's state in its URL", () => {
  it('keeps valid values and drops malformed ones', () => {
    expect(validateListSearch({ page: '3', pageSize: 50, sort: 'categoryName', order: 'desc', search: 'pl' })).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'categoryName',
      order: 'desc',
      search: 'pl',
    });
    expect(validateListSearch({ page: '-2', pageSize: 7, sort: 'x; drop', order: 'up', search: '   ' })).toEqual({
      page: undefined,
      pageSize: undefined,
      sort: undefined,
      order: undefined,
      search: undefined,
    });
    expect(validateListSearch({ page: 1 }).page).toBeUndefined();
  });

  it('round-trips a table state, leaving the defaults out of the URL', () => {
    const state = { page: 2, pageSize: 50, search: 'plumb', sort: 'categoryName', order: 'desc' as const };
    const url = listSearchOf(state);
    expect(tableStateOf(validateListSearch(url))).toEqual(state);
    expect(listSearchOf({ page: 1, pageSize: 20, search: '' })).toEqual({
      page: undefined,
      pageSize: undefined,
      search: undefined,
      sort: undefined,
      order: undefined,
    });
  });

  it("applies a list's own default sort when the URL has none, and keeps it out of the URL", () => {
    const defaults = { sort: 'createdAt', order: 'desc' as const };
    expect(tableStateOf({}, defaults)).toMatchObject(defaults);
    expect(listSearchOf(tableStateOf({}, defaults), defaults).sort).toBeUndefined();
    expect(listSearchOf({ ...tableStateOf({}, defaults), order: 'asc' }, defaults)).toMatchObject({
      sort: 'createdAt',
      order: 'asc',
    });
  });
});
