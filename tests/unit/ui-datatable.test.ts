import { setFileScope } from '@vanilla-extract/css/fileScope';
import { describe, expect, it } from 'vitest';

// DataTable.tsx imports vanilla-extract styles; outside the Vite plugin they need a file scope.
setFileScope('tests/unit/ui-datatable.test.ts');
const {
  ariaSortFor,
  cellText,
  clampPage,
  DEFAULT_TABLE_STATE,
  pageCount,
  pageRange,
  pageText,
  rangeText,
  toggleSort,
  withPageSize,
  withSearch,
} = await import('../../src/ui/DataTable');

describe('page count', () => {
  it('rounds up and never goes below one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(5000, 50)).toBe(100);
    expect(pageCount(10, 0)).toBe(1);
  });

  it('clamps the page into range', () => {
    expect(clampPage(0, 100, 10)).toBe(1);
    expect(clampPage(11, 100, 10)).toBe(10);
    expect(clampPage(3, 0, 10)).toBe(1);
    expect(clampPage(Number.NaN, 100, 10)).toBe(1);
  });
});

describe('range text', () => {
  it('gives the first and last item of a page', () => {
    expect(pageRange(1, 20, 45)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 45)).toEqual({ from: 41, to: 45 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
  });

  it('reads naturally, with Indian digit grouping', () => {
    expect(rangeText(2, 20, 45)).toBe('Showing 21–40 of 45');
    expect(rangeText(1, 50, 123456)).toBe('Showing 1–50 of 1,23,456');
    expect(rangeText(1, 20, 0)).toBe('No results');
    expect(pageText(2, 20, 45)).toBe('Page 2 of 3');
    expect(pageText(1, 20, 0)).toBe('Page 1 of 1');
  });

  it('uses the clamped page when the state points past the end', () => {
    expect(rangeText(9, 20, 45)).toBe('Showing 41–45 of 45');
  });
});

describe('state transitions', () => {
  const state = { ...DEFAULT_TABLE_STATE, page: 4 };

  it('cycles sorting asc → desc → off and returns to page 1', () => {
    const a = toggleSort(state, 'name');
    expect(a).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    const d = toggleSort(a, 'name');
    expect(d).toMatchObject({ sort: 'name', order: 'desc', page: 1 });
    const off = toggleSort(d, 'name');
    expect(off.sort).toBeUndefined();
    expect(off.order).toBeUndefined();
    expect(toggleSort(d, 'price')).toMatchObject({ sort: 'price', order: 'asc' });
  });

  it('puts aria-sort only on the sorted column', () => {
    const sorted = { ...state, sort: 'name', order: 'desc' as const };
    expect(ariaSortFor(sorted, 'name')).toBe('descending');
    expect(ariaSortFor({ ...sorted, order: 'asc' }, 'name')).toBe('ascending');
    expect(ariaSortFor(sorted, 'price')).toBeUndefined();
  });

  it('resets to page 1 on a new search or page size', () => {
    expect(withSearch(state, 'tap')).toEqual({ ...state, search: 'tap', page: 1 });
    expect(withPageSize(state, 50)).toEqual({ ...state, pageSize: 50, page: 1 });
  });
});

describe('cellText', () => {
  it('shows a dash for empty values and text for the rest', () => {
    expect(cellText({ a: null }, 'a')).toBe('—');
    expect(cellText({ a: '' }, 'a')).toBe('—');
    expect(cellText({}, 'a')).toBe('—');
    expect(cellText({ a: 0 }, 'a')).toBe('0');
    expect(cellText({ a: false }, 'a')).toBe('false');
    expect(cellText({ a: 'x' }, 'a')).toBe('x');
  });
});
