// A report's rows as a CSV or an .xlsx file made in the browser (the rows the screen already has, every page of them).
import { downloadTextFile } from '../../../ui/spreadsheet';

export interface ExportColumn<Row> {
  header: string;
  /** Rupees are written as numbers with two decimals (a spreadsheet sums them); text as written. */
  value(row: Row): string | number;
  kind?: 'text' | 'number' | 'rupees';
}

function csvCell(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A cell that a spreadsheet would run as a formula (=, +, -, @) is written with a leading quote. */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const cellText = <Row>(c: ExportColumn<Row>, row: Row) => {
  const v = c.value(row);
  if (typeof v === 'number') return c.kind === 'rupees' ? v.toFixed(2) : String(v);
  return safeText(v);
};

/** The rows as CSV: a header row, CRLF line ends as Excel writes them. */
export function rowsToCsv<Row>(columns: ExportColumn<Row>[], rows: Row[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(cellText(c, row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function downloadCsv<Row>(fileName: string, columns: ExportColumn<Row>[], rows: Row[]) {
  downloadTextFile(fileName, rowsToCsv(columns, rows));
}

/** The rows as one sheet of an .xlsx workbook; the writer loads only when asked (it stays out of the pages' chunks). */
export async function downloadXlsx<Row>(fileName: string, sheet: string, columns: ExportColumn<Row>[], rows: Row[]) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  const data = [
    header,
    ...rows.map((row) =>
      columns.map((c) => {
        const v = c.value(row);
        if (typeof v === 'number') {
          return c.kind === 'rupees' ? { type: Number, value: v, format: '#,##0.00' } : { type: Number, value: v };
        }
        return { type: String, value: v };
      }),
    ),
  ];
  await writeXlsxFile(data, {
    sheet,
    columns: columns.map((c) => ({ width: Math.max(12, c.header.length + 2) })),
  }).toFile(fileName);
}
