import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { ok, privateDownload } from '../../http';
import { toCsv } from '../../shared/csv';

/**
 * A report's rows as a file: the same rows and totals the screen shows, made on the server so the two cannot differ.
 * Rupees are numbers with two decimals (a spreadsheet sums them).
 */
export type ExportFormat = 'csv' | 'xlsx';
export interface ExportColumn {
  header: string;
  kind?: 'text' | 'rupees' | 'int';
  width?: number;
}
export type ExportCell = string | number | null;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ReportFile {
  type: string;
  fileName: string;
  body: Buffer | string;
}

/** `rows` are cells in the columns' order, under one header row (the file's name says what and when). */
export async function reportFile(
  format: ExportFormat,
  name: string,
  sheet: string,
  columns: ExportColumn[],
  rows: ExportCell[][],
): Promise<ReportFile> {
  if (format === 'csv') {
    const keys = columns.map((c) => c.header);
    const objects = rows.map((r) =>
      Object.fromEntries(
        r.map((v, i) => [keys[i], typeof v === 'number' && columns[i].kind === 'rupees' ? v.toFixed(2) : v]),
      ),
    );
    return { type: 'text/csv; charset=utf-8', fileName: `${name}.csv`, body: toCsv(objects, keys) };
  }
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const data = [
    columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
    ...rows.map((r) =>
      r.map((v, i) => {
        if (v === null) return null;
        if (typeof v === 'number') {
          return columns[i].kind === 'rupees'
            ? { type: Number, value: v, format: '#,##0.00' }
            : { type: Number, value: v };
        }
        return { type: String, value: v };
      }),
    ),
  ];
  const body = await writeXlsxFile(data, {
    sheet,
    columns: columns.map((c) => ({ width: c.width ?? Math.max(12, c.header.length + 2) })),
    stickyRowsCount: 1,
  }).toBuffer();
  return { type: XLSX_TYPE, fileName: `${name}.xlsx`, body };
}

/** A report's answer: JSON for the screen, or the same rows as CSV or XLSX when the query's `Format` asks for a file. */
export async function jsonOrFile<Q extends { Format?: string }, T>(
  req: { server: { db: Db }; query: Q },
  reply: FastifyReply,
  file: (db: Db, q: Q, format: ExportFormat) => Promise<ReportFile>,
  json: (db: Db, q: Q) => Promise<T>,
) {
  const format = req.query.Format;
  if (format === 'csv' || format === 'xlsx') {
    const f = await file(req.server.db, req.query, format);
    return privateDownload(reply, f.type, f.fileName, f.body);
  }
  return ok(await json(req.server.db, req.query));
}
