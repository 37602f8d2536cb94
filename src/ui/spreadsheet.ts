import Papa from 'papaparse';
import { saveBlob } from './download';

export interface ImportColumn {
  key: string;
  header: string;
  required?: boolean;
  type?: 'string' | 'number' | 'integer';
  maxLength?: number;
  example?: string;
}

export interface RowError {
  /** 1-based row number as the user sees it in the sheet: the first data row is 2 (row 1 is the header). */
  row: number;
  field: string;
  message: string;
}

/** The sheet row number of the data row at `index` (0-based): row 1 is the header. */
export const sheetRow = (index: number) => index + 2;

/** 'Mobile No', 'mobile_no', 'MOBILENO' and 'Mobile-No *' all match. */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_\-*]/g, '');
}

export interface HeaderMatch {
  /** Column key → the header as written in the sheet. */
  map: Record<string, string>;
  /** Columns the sheet does not have. */
  missing: ImportColumn[];
  /** Sheet headers that match no column (ignored on import). */
  unknown: string[];
}

/** Matches sheet headers to columns by header or key, ignoring case, spaces, underscores and hyphens. */
export function matchHeaders(headers: string[], columns: ImportColumn[]): HeaderMatch {
  const byNorm = new Map<string, string>();
  for (const h of headers) {
    const n = normalizeHeader(h);
    if (n && !byNorm.has(n)) byNorm.set(n, h); // the first of two same-named columns wins
  }
  const map: Record<string, string> = {};
  const missing: ImportColumn[] = [];
  const used = new Set<string>();
  for (const col of columns) {
    const found = byNorm.get(normalizeHeader(col.header)) ?? byNorm.get(normalizeHeader(col.key));
    if (found === undefined) missing.push(col);
    else {
      map[col.key] = found;
      used.add(found);
    }
  }
  const unknown = headers.filter((h) => h.trim() && !used.has(h));
  return { map, missing, unknown };
}

/** A cell as text: numbers without float noise, dates as YYYY-MM-DD (or full ISO when they have a time). */
export function cellToString(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value).trim();
}

/**
 * Turns a sheet (first row = headers) into one record per data row keyed by the sheet's headers.
 * Trailing blank rows are dropped; blank rows in the middle are kept so row numbers stay those of the sheet.
 */
export function matrixToRows(matrix: unknown[][]): Record<string, string>[] {
  if (matrix.length === 0) return [];
  const headers = matrix[0].map(cellToString);
  let end = matrix.length;
  while (end > 1 && matrix[end - 1].every((c) => cellToString(c) === '')) end--;
  const rows: Record<string, string>[] = [];
  for (let r = 1; r < end; r++) {
    const line = matrix[r];
    const row: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h && !(h in row)) row[h] = cellToString(line[i]);
    });
    rows.push(row);
  }
  return rows;
}

/** Parses CSV text (comma, semicolon or tab separated; a UTF-8 BOM is ignored) into rows keyed by header. */
export function parseCsvText(text: string): Record<string, string>[] {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  return matrixToRows(result.data);
}

export class SpreadsheetError extends Error {}

/**
 * Reads the first sheet of an .xlsx file (read-excel-file, which parses in a Web Worker) or a .csv
 * file (papaparse). Rows are keyed by the sheet's own headers; validateRows matches them to columns.
 */
export async function readSpreadsheet(file: File): Promise<Record<string, string>[]> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv') || file.type === 'text/csv') {
    return parseCsvText(await file.text());
  }
  if (name.endsWith('.xlsx')) {
    // Loaded on demand: the xlsx reader is only needed by the few screens that import.
    const { readSheet } = await import('read-excel-file/browser');
    let data: unknown[][];
    try {
      data = (await readSheet(file)) as unknown[][];
    } catch {
      throw new SpreadsheetError('This file could not be read as an Excel workbook. Save it as .xlsx or .csv.');
    }
    return matrixToRows(data);
  }
  if (name.endsWith('.xls')) {
    throw new SpreadsheetError('Old .xls workbooks are not supported. Save the file as .xlsx or .csv and try again.');
  }
  throw new SpreadsheetError('Choose an Excel (.xlsx) or CSV (.csv) file.');
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** '1,23,456.50' and '₹ 1,234' are numbers too: separators and the rupee sign are dropped. */
export function parseNumberCell(text: string): number | null {
  const cleaned = text.replace(/[,\s₹]/g, '');
  return NUMBER.test(cleaned) ? Number(cleaned) : null;
}

export interface ValidateResult {
  /** One record per data row, keyed by column key; empty optional cells are left out. */
  rows: Record<string, string | number>[];
  errors: RowError[];
}

/**
 * The client-side checks before sending: required, number, integer, maxLength. Numbers are
 * converted. A missing required column is one error on row 1 (the header row) rather than
 * one per data row.
 */
export function validateRows(rows: Record<string, string>[], columns: ImportColumn[]): ValidateResult {
  const headers = rows.length ? Object.keys(rows[0]) : [];
  const { map, missing } = matchHeaders(headers, columns);
  const errors: RowError[] = [];
  if (rows.length) {
    for (const col of missing) {
      if (col.required) errors.push({ row: 1, field: col.key, message: `Column "${col.header}" is missing` });
    }
  }

  const present = columns.filter((c) => map[c.key] !== undefined);
  const out = rows.map((raw, index) => {
    const row = sheetRow(index);
    const record: Record<string, string | number> = {};
    if (Object.values(raw).every((v) => v.trim() === '')) {
      errors.push({ row, field: '', message: 'Row is empty: fill it in or delete it' });
      return record;
    }
    for (const col of present) {
      const text = (raw[map[col.key]] ?? '').trim();
      if (text === '') {
        if (col.required) errors.push({ row, field: col.key, message: `${col.header} is required` });
        continue;
      }
      if (col.type === 'number' || col.type === 'integer') {
        const n = parseNumberCell(text);
        if (n === null) {
          errors.push({ row, field: col.key, message: `${col.header} must be a number` });
        } else if (col.type === 'integer' && !Number.isInteger(n)) {
          errors.push({ row, field: col.key, message: `${col.header} must be a whole number` });
        } else {
          record[col.key] = n;
        }
        continue;
      }
      if (col.maxLength !== undefined && [...text].length > col.maxLength) {
        errors.push({ row, field: col.key, message: `${col.header} must be at most ${col.maxLength} characters` });
      }
      record[col.key] = text;
    }
    return record;
  });
  return { rows: out, errors };
}

function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The downloadable template: the header row and one example row, CRLF line ends as Excel writes them. */
export function templateCsv(columns: ImportColumn[]): string {
  const header = columns.map((c) => csvCell(c.header)).join(',');
  const example = columns.map((c) => csvCell(c.example ?? '')).join(',');
  return `${header}\r\n${example}\r\n`;
}

/** Saves text as a file through a temporary object URL (the template download). */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  // The BOM makes Excel open UTF-8 (₹, Hindi names) correctly.
  const blob = new Blob([type.startsWith('text/csv') ? `\uFEFF${text}` : text], { type });
  saveBlob(blob, fileName);
}

/** Groups errors by sheet row (for the preview) and counts the data rows that have any. */
export function errorsByRow(errors: RowError[]): Map<number, RowError[]> {
  const map = new Map<number, RowError[]>();
  for (const e of errors) {
    const list = map.get(e.row);
    if (list) list.push(e);
    else map.set(e.row, [e]);
  }
  return map;
}

/** '1 row has errors' / '3 rows have errors' (header-row problems are not counted as rows). */
export function errorSummary(errors: RowError[]): string {
  const rows = new Set(errors.filter((e) => e.row >= 2).map((e) => e.row)).size;
  return rows === 1 ? '1 row has errors' : `${rows.toLocaleString('en-IN')} rows have errors`;
}
