import { describe, expect, it } from 'vitest';
import {
  cellToString,
  errorSummary,
  errorsByRow,
  type ImportColumn,
  matchHeaders,
  matrixToRows,
  normalizeHeader,
  parseCsvText,
  parseNumberCell,
  templateCsv,
  validateRows,
} from '../../src/ui/spreadsheet';

const columns: ImportColumn[] = [
  { key: 'name', header: 'Product Name', required: true, maxLength: 10, example: 'Tap' },
  { key: 'price', header: 'Price', required: true, type: 'number', example: '499.50' },
  { key: 'stock', header: 'Stock Qty', type: 'integer', example: '12' },
  { key: 'note', header: 'Note', example: 'Fits, most "taps"' },
];

describe('header matching', () => {
  it('normalizes case, spaces, underscores and hyphens', () => {
    expect(normalizeHeader(' Product_Name ')).toBe('productname');
    expect(normalizeHeader('STOCK-QTY')).toBe('stockqty');
    expect(normalizeHeader('Mobile No *')).toBe('mobileno');
  });

  it('matches sheet headers to columns by header or key and reports missing and unknown ones', () => {
    const m = matchHeaders(['PRODUCT_NAME', 'price ', 'Colour', 'stock'], columns);
    expect(m.map).toEqual({ name: 'PRODUCT_NAME', price: 'price ', stock: 'stock' });
    expect(m.missing.map((c) => c.key)).toEqual(['note']);
    expect(m.unknown).toEqual(['Colour']);
  });

  it('keeps the first of two headers that normalize alike', () => {
    expect(matchHeaders(['Price', 'PRICE'], columns).map.price).toBe('Price');
  });
});

describe('parseCsvText', () => {
  it('parses quoted fields, embedded commas and newlines, and strips the BOM', () => {
    const rows = parseCsvText(
      '\uFEFFProduct Name,Price,Note\r\n"Tap, brass",499.5,"two\nlines"\r\nPipe,20,"say ""hi"""\r\n',
    );
    expect(rows).toEqual([
      { 'Product Name': 'Tap, brass', Price: '499.5', Note: 'two\nlines' },
      { 'Product Name': 'Pipe', Price: '20', Note: 'say "hi"' },
    ]);
  });

  it('drops trailing blank lines but keeps blank lines in the middle so row numbers match the sheet', () => {
    const rows = parseCsvText('Product Name,Price\nA,1\n,\nB,2\n\n\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual({ 'Product Name': '', Price: '' });
    expect(rows[2]).toEqual({ 'Product Name': 'B', Price: '2' });
  });

  it('detects semicolon separated files and fills short rows with empty cells', () => {
    expect(parseCsvText('Product Name;Price;Note\nA;1\n')).toEqual([{ 'Product Name': 'A', Price: '1', Note: '' }]);
  });

  it('returns no rows for a header-only or empty file', () => {
    expect(parseCsvText('Product Name,Price\n')).toEqual([]);
    expect(parseCsvText('')).toEqual([]);
  });
});

describe('matrixToRows and cellToString (the xlsx path)', () => {
  it('turns cells into text: numbers, dates and booleans', () => {
    expect(cellToString(12)).toBe('12');
    expect(cellToString(0.1)).toBe('0.1');
    expect(cellToString(new Date('2024-03-05T00:00:00Z'))).toBe('2024-03-05');
    expect(cellToString(new Date('2024-03-05T10:30:00Z'))).toBe('2024-03-05T10:30:00.000Z');
    expect(cellToString(true)).toBe('true');
    expect(cellToString(null)).toBe('');
    expect(cellToString('  x ')).toBe('x');
  });

  it('keys rows by header and ignores blank headers', () => {
    expect(
      matrixToRows([
        ['Price', null, 'Product Name'],
        [10, 'ignored', 'Tap'],
        [null, null, null],
      ]),
    ).toEqual([{ Price: '10', 'Product Name': 'Tap' }]);
  });
});

describe('parseNumberCell', () => {
  it('accepts Indian grouping, the rupee sign and decimals; rejects text', () => {
    expect(parseNumberCell('1,23,456.50')).toBe(123456.5);
    expect(parseNumberCell('₹ 499')).toBe(499);
    expect(parseNumberCell('-3')).toBe(-3);
    expect(parseNumberCell('.5')).toBe(0.5);
    expect(parseNumberCell('12abc')).toBeNull();
    expect(parseNumberCell('1e3')).toBeNull();
    expect(parseNumberCell('')).toBeNull();
  });
});

describe('validateRows', () => {
  it('converts numbers, keys rows by column key and leaves out empty optional cells', () => {
    const { rows, errors } = validateRows(
      [{ 'product name': 'Tap', PRICE: '1,499.50', stock_qty: '3', Note: '' }],
      columns,
    );
    expect(errors).toEqual([]);
    expect(rows).toEqual([{ name: 'Tap', price: 1499.5, stock: 3 }]);
  });

  it('reports required, number, integer and maxLength errors with sheet row numbers (first data row = 2)', () => {
    const { errors } = validateRows(
      [
        { 'Product Name': 'Good', Price: '10', 'Stock Qty': '1' },
        { 'Product Name': '', Price: 'ten', 'Stock Qty': '1.5' },
        { 'Product Name': 'Much too long name', Price: '5', 'Stock Qty': '' },
      ],
      columns,
    );
    expect(errors).toEqual([
      { row: 3, field: 'name', message: 'Product Name is required' },
      { row: 3, field: 'price', message: 'Price must be a number' },
      { row: 3, field: 'stock', message: 'Stock Qty must be a whole number' },
      { row: 4, field: 'name', message: 'Product Name must be at most 10 characters' },
    ]);
  });

  it('counts characters, not UTF-16 units, for maxLength', () => {
    const cols: ImportColumn[] = [{ key: 'name', header: 'Name', maxLength: 3 }];
    expect(validateRows([{ Name: 'नमस' }], cols).errors).toEqual([]);
    expect(validateRows([{ Name: '😀😀😀' }], cols).errors).toEqual([]);
    expect(validateRows([{ Name: 'abcd' }], cols).errors).toHaveLength(1);
  });

  it('reports a missing required column once, on the header row', () => {
    const { errors } = validateRows([{ 'Product Name': 'A' }, { 'Product Name': 'B' }], columns);
    expect(errors).toEqual([{ row: 1, field: 'price', message: 'Column "Price" is missing' }]);
  });

  it('flags blank rows in the middle of the sheet', () => {
    const { errors } = validateRows(
      [
        { 'Product Name': 'A', Price: '1' },
        { 'Product Name': '', Price: '' },
      ],
      columns,
    );
    expect(errors).toEqual([{ row: 3, field: '', message: 'Row is empty: fill it in or delete it' }]);
  });

  it('handles 5,000 rows quickly', () => {
    const raw = Array.from({ length: 5000 }, (_, i) => ({
      'Product Name': `P${i}`,
      Price: String(i),
      'Stock Qty': i === 4321 ? 'x' : '1',
    }));
    const started = performance.now();
    const { rows, errors } = validateRows(raw, columns);
    expect(performance.now() - started).toBeLessThan(500);
    expect(rows).toHaveLength(5000);
    expect(errors).toEqual([{ row: 4323, field: 'stock', message: 'Stock Qty must be a number' }]);
  });
});

describe('templateCsv', () => {
  it('writes the header row and one example row, quoting where CSV needs it', () => {
    expect(templateCsv(columns)).toBe('Product Name,Price,Stock Qty,Note\r\nTap,499.50,12,"Fits, most ""taps"""\r\n');
  });

  it('round-trips through the parser and validates cleanly', () => {
    const rows = parseCsvText(templateCsv(columns));
    expect(rows).toEqual([{ 'Product Name': 'Tap', Price: '499.50', 'Stock Qty': '12', Note: 'Fits, most "taps"' }]);
    expect(validateRows(rows, columns)).toEqual({
      rows: [{ name: 'Tap', price: 499.5, stock: 12, note: 'Fits, most "taps"' }],
      errors: [],
    });
  });

  it('leaves the example cell empty when a column has none', () => {
    expect(
      templateCsv([
        { key: 'a', header: 'A' },
        { key: 'b', header: 'B', example: 'x' },
      ]),
    ).toBe('A,B\r\n,x\r\n');
  });
});

describe('error summary', () => {
  it('groups errors by row and counts rows, not errors, leaving the header row out', () => {
    const errors = [
      { row: 2, field: 'a', message: 'x' },
      { row: 2, field: 'b', message: 'y' },
      { row: 7, field: 'a', message: 'z' },
      { row: 1, field: 'c', message: 'missing' },
    ];
    expect(errorsByRow(errors).get(2)).toHaveLength(2);
    expect(errorSummary(errors)).toBe('2 rows have errors');
    expect(errorSummary(errors.slice(0, 2))).toBe('1 row has errors');
  });
});
