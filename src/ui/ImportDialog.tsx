import { Dialog } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from './Button';
import { visuallyHidden } from './form/form.css';
import * as s from './ImportDialog.css';
import {
  downloadTextFile,
  errorSummary,
  errorsByRow,
  type ImportColumn,
  matchHeaders,
  type RowError,
  readSpreadsheet,
  SpreadsheetError,
  sheetRow,
  templateCsv,
  type ValidateResult,
  validateRows,
} from './spreadsheet';
import { useReturnFocus } from './useReturnFocus';

export type ImportResult = { ok: true; count: number } | { ok: false; errors: RowError[]; message?: string };

export interface ImportDialogProps {
  title: string;
  columns: ImportColumn[];
  templateFileName: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Sends the validated rows; the server imports all of them or none and answers per-row errors. */
  onImport(rows: Record<string, unknown>[], onProgress: (fraction: number) => void): Promise<ImportResult>;
  onDone?(count: number): void;
}

/** Rows drawn in the preview; the rest are parsed, validated and sent but not rendered. */
export const PREVIEW_ROWS = 50;
/** Far above a 5,000-row sheet; stops someone reading a 500 MB file into the tab by mistake. */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/** Lets the browser paint (the progress bar) before a long synchronous step. */
const nextFrame = () => new Promise<void>((resolve) => setTimeout(resolve, 16));

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

function columnDescription(col: ImportColumn): string {
  const parts = [col.required ? 'required' : 'optional'];
  if (col.type === 'number') parts.push('number');
  else if (col.type === 'integer') parts.push('whole number');
  else parts.push('text');
  if (col.maxLength) parts.push(`up to ${col.maxLength} characters`);
  if (col.example) parts.push(`e.g. ${col.example}`);
  return parts.join(', ');
}

/**
 * The bulk import pattern of every Excel/CSV import: choose a file, preview and check it in the
 * browser, send it with progress, then show the count or the server's per-row errors.
 */
export function ImportDialog(props: ImportDialogProps) {
  const { title, open, onOpenChange } = props;
  // While rows are being sent the dialog stays open: the server finishes the import either way.
  const [busy, setBusy] = useState(false);
  const returnFocus = useReturnFocus(open);
  const block = (e: Event) => {
    if (busy) e.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o || !busy ? onOpenChange(o) : undefined)}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.overlay} />
        <Dialog.Content
          className={s.content}
          onEscapeKeyDown={block}
          onInteractOutside={block}
          onCloseAutoFocus={returnFocus}
        >
          <div className={s.header}>
            <Dialog.Title className={s.title}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className={s.closeButton} aria-label="Close" disabled={busy}>
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M18 6 6 18M6 6l12 12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </Dialog.Close>
          </div>
          {/* Mounted only while open, so every opening starts from a clean state. */}
          <ImportBody {...props} onBusyChange={setBusy} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Phase = 'choose' | 'parsing' | 'preview' | 'sending' | 'done';

interface Parsed {
  raw: Record<string, string>[];
  /** Column key → header as written in the sheet. */
  map: Record<string, string>;
  unknown: string[];
  valid: ValidateResult;
}

function ImportBody({
  columns,
  templateFileName,
  onImport,
  onDone,
  onBusyChange,
}: ImportDialogProps & { onBusyChange(busy: boolean): void }) {
  const id = useId();
  const fileId = `${id}-file`;
  const [phase, setPhase] = useState<Phase>('choose');
  const [fileName, setFileName] = useState('');
  const [parsed, setParsed] = useState<Parsed | null>(null);
  const [serverErrors, setServerErrors] = useState<RowError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [imported, setImported] = useState(0);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const job = useRef(0);
  const statusRef = useRef<HTMLDivElement>(null);

  // A result or a new preview replaces the controls that had focus; put focus on the news instead.
  useEffect(() => {
    if (phase === 'preview' || phase === 'done' || (phase === 'choose' && message)) statusRef.current?.focus();
  }, [phase, message]);

  // Forget a parse still running when the dialog closes.
  useEffect(
    () => () => {
      job.current++;
    },
    [],
  );

  const clientErrors = useMemo(() => parsed?.valid.errors ?? [], [parsed]);
  const allErrors = useMemo(() => [...clientErrors, ...serverErrors], [clientErrors, serverErrors]);
  const byRow = useMemo(() => errorsByRow(allErrors), [allErrors]);
  // Problems with no data row (a missing column, a server message about the whole file), each once.
  const generalErrors = [...new Set(allErrors.filter((e) => e.row < 2).map((e) => e.message))];
  const errorRowCount = [...byRow.keys()].filter((r) => r >= 2).length;

  // Indices of the rows drawn: the first 50, or the first 50 with errors.
  const shownIndices = useMemo(() => {
    if (!parsed) return [];
    if (onlyErrors) {
      return [...byRow.keys()]
        .filter((r) => r >= 2)
        .sort((a, b) => a - b)
        .slice(0, PREVIEW_ROWS)
        .map((r) => r - 2)
        .filter((i) => i < parsed.raw.length);
    }
    return parsed.raw.slice(0, PREVIEW_ROWS).map((_, i) => i);
  }, [parsed, onlyErrors, byRow]);

  async function choose(file: File | undefined) {
    if (!file) return;
    const token = ++job.current;
    setFileName(file.name);
    setParsed(null);
    setServerErrors([]);
    setMessage(null);
    if (file.size > MAX_IMPORT_FILE_BYTES) {
      setMessage('This file is larger than 20 MB. Split it into smaller files and import them one by one.');
      return;
    }
    setPhase('parsing');
    try {
      await nextFrame();
      const raw = await readSpreadsheet(file);
      if (token !== job.current) return;
      if (raw.length === 0) {
        setPhase('choose');
        setMessage('The file has no data rows: put the column headers in row 1 and the data from row 2.');
        return;
      }
      await nextFrame();
      const { map, unknown } = matchHeaders(Object.keys(raw[0]), columns);
      const valid = validateRows(raw, columns);
      if (token !== job.current) return;
      setParsed({ raw, map, unknown, valid });
      setOnlyErrors(valid.errors.some((e) => e.row >= 2));
      setPhase('preview');
    } catch (e) {
      if (token !== job.current) return;
      setPhase('choose');
      setMessage(
        e instanceof SpreadsheetError
          ? e.message
          : 'This file could not be read. Check that it is a valid .xlsx or .csv file.',
      );
    }
  }

  async function send() {
    if (!parsed || clientErrors.length) return;
    setPhase('sending');
    setProgress(0);
    setServerErrors([]);
    setMessage(null);
    onBusyChange(true);
    let result: ImportResult;
    try {
      result = await onImport(parsed.valid.rows, (f) => setProgress(clamp01(f)));
    } catch (e) {
      result = { ok: false, errors: [], message: e instanceof Error && e.message ? e.message : undefined };
    } finally {
      onBusyChange(false);
    }
    if (result.ok) {
      setImported(result.count);
      setPhase('done');
      onDone?.(result.count);
      return;
    }
    setServerErrors(result.errors);
    setMessage(
      `Nothing was imported. ${result.message ?? (result.errors.length ? 'Fix the rows marked below in the file and choose it again.' : 'Please try again.')}`,
    );
    setOnlyErrors(result.errors.some((e) => e.row >= 2));
    setPhase('preview');
  }

  function restart() {
    job.current++;
    setPhase('choose');
    setParsed(null);
    setServerErrors([]);
    setMessage(null);
  }

  const rowCount = parsed?.raw.length ?? 0;
  const pct = Math.round(progress * 100);

  return (
    <>
      <div className={s.body}>
        {phase === 'choose' ? (
          <>
            <Dialog.Description className={s.description}>
              Upload an Excel (.xlsx) or CSV file with a header row and one row per record. Nothing is saved until you
              press Import, and then either every row is saved or none.
            </Dialog.Description>
            <div className={s.chooseRow}>
              <div className={s.fileField}>
                <label htmlFor={fileId} className={s.label}>
                  Spreadsheet file (.xlsx or .csv)
                </label>
                <input
                  id={fileId}
                  type="file"
                  accept={ACCEPT}
                  className={s.fileInput}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${id}-message` : undefined}
                  onChange={(e) => {
                    void choose(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                />
              </div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => downloadTextFile(ensureCsvName(templateFileName), templateCsv(columns))}
              >
                Download template
              </Button>
            </div>
            {message ? (
              <div ref={statusRef} id={`${id}-message`} role="alert" tabIndex={-1} className={s.alert}>
                {message}
              </div>
            ) : null}
            <div>
              <h3 className={s.subheading}>Columns</h3>
              <ul className={s.columnList}>
                {columns.map((c) => (
                  <li key={c.key}>
                    <strong>{c.header}</strong> <span className={s.muted}>— {columnDescription(c)}</span>
                  </li>
                ))}
              </ul>
            </div>
          </>
        ) : null}

        {phase === 'parsing' ? (
          <div className={s.progressBlock}>
            <Dialog.Description className={s.description}>Reading {fileName}…</Dialog.Description>
            <div role="progressbar" aria-label={`Reading ${fileName}`} className={s.progressTrack}>
              <div className={s.progressIndeterminate} />
            </div>
          </div>
        ) : null}

        {(phase === 'preview' || phase === 'sending') && parsed ? (
          <>
            <div ref={statusRef} tabIndex={-1} className={s.summary}>
              <Dialog.Description className={s.description}>
                {rowCount.toLocaleString('en-IN')} {rowCount === 1 ? 'row' : 'rows'} read from{' '}
                <strong>{fileName}</strong>
                {rowCount > PREVIEW_ROWS && !onlyErrors ? ` (the first ${PREVIEW_ROWS} are shown)` : ''}.
              </Dialog.Description>
              {parsed.unknown.length ? <p className={s.muted}>Ignored columns: {parsed.unknown.join(', ')}.</p> : null}
              {message ? (
                <p role="alert" className={s.errorText}>
                  {message}
                </p>
              ) : null}
              {allErrors.length ? (
                <div role="alert" className={s.errorText}>
                  {errorRowCount ? <p className={s.errorHeadline}>{errorSummary(allErrors)}</p> : null}
                  {generalErrors.length ? (
                    <ul className={s.generalErrors}>
                      {generalErrors.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  ) : null}
                  {clientErrors.length ? <p>Fix them in the file and choose it again; nothing has been sent.</p> : null}
                </div>
              ) : (
                <p className={s.okText}>No problems found. Check the preview, then import.</p>
              )}
            </div>

            {errorRowCount ? (
              <label className={s.checkboxRow}>
                <input
                  type="checkbox"
                  className={s.checkbox}
                  checked={onlyErrors}
                  onChange={(e) => setOnlyErrors(e.target.checked)}
                />
                Show only rows with errors
                {onlyErrors && errorRowCount > PREVIEW_ROWS ? ` (the first ${PREVIEW_ROWS} of ${errorRowCount})` : ''}
              </label>
            ) : null}

            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
            <section className={s.previewScroll} aria-labelledby={`${id}-preview`} tabIndex={0}>
              <table className={s.table}>
                <caption id={`${id}-preview`} className={visuallyHidden}>
                  Preview of {fileName}
                </caption>
                <thead>
                  <tr>
                    <th scope="col" className={s.th}>
                      Row
                    </th>
                    {columns.map((c) => (
                      <th key={c.key} scope="col" className={s.th}>
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {shownIndices.map((index) => {
                    const rowNo = sheetRow(index);
                    const raw = parsed.raw[index];
                    const errs = byRow.get(rowNo) ?? [];
                    const bad = new Set(errs.map((e) => e.field));
                    return (
                      <PreviewRow
                        key={rowNo}
                        rowNo={rowNo}
                        cells={columns.map((c) => ({
                          key: c.key,
                          text: parsed.map[c.key] !== undefined ? (raw[parsed.map[c.key]] ?? '') : '',
                          bad: bad.has(c.key) || bad.has(''),
                        }))}
                        errors={errs}
                      />
                    );
                  })}
                </tbody>
              </table>
            </section>

            {phase === 'sending' ? (
              <div className={s.progressBlock}>
                <p className={s.description} id={`${id}-sending`}>
                  Importing {rowCount.toLocaleString('en-IN')} rows… {pct}%. Please keep this window open.
                </p>
                <div
                  role="progressbar"
                  aria-labelledby={`${id}-sending`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={pct}
                  className={s.progressTrack}
                >
                  <div className={s.progressFill} style={{ inlineSize: `${pct}%` }} />
                </div>
              </div>
            ) : null}
          </>
        ) : null}

        {phase === 'done' ? (
          <div ref={statusRef} tabIndex={-1} role="status" className={s.success}>
            <Dialog.Description className={s.successText}>
              Imported {imported.toLocaleString('en-IN')} {imported === 1 ? 'row' : 'rows'} from {fileName}.
            </Dialog.Description>
          </div>
        ) : null}
      </div>

      <div className={s.footer}>
        {phase === 'preview' ? (
          <Button type="button" variant="ghost" onClick={restart}>
            Choose another file
          </Button>
        ) : null}
        {phase === 'done' ? (
          <Dialog.Close asChild>
            <Button type="button" variant="primary">
              Close
            </Button>
          </Dialog.Close>
        ) : (
          <Dialog.Close asChild>
            <Button type="button" variant="secondary" disabled={phase === 'sending'}>
              Cancel
            </Button>
          </Dialog.Close>
        )}
        {phase === 'preview' || phase === 'sending' ? (
          <Button
            type="button"
            variant="primary"
            loading={phase === 'sending'}
            disabled={phase === 'sending' || clientErrors.length > 0 || rowCount === 0}
            onClick={() => void send()}
          >
            Import {rowCount.toLocaleString('en-IN')} {rowCount === 1 ? 'row' : 'rows'}
          </Button>
        ) : null}
      </div>
    </>
  );
}

function PreviewRow({
  rowNo,
  cells,
  errors,
}: {
  rowNo: number;
  cells: { key: string; text: string; bad: boolean }[];
  errors: RowError[];
}) {
  return (
    <>
      <tr className={errors.length ? s.rowWithError : undefined}>
        <th scope="row" className={s.rowHeader}>
          {rowNo}
        </th>
        {cells.map((c) => (
          <td key={c.key} className={c.bad ? `${s.td} ${s.badCell}` : s.td}>
            {c.text}
          </td>
        ))}
      </tr>
      {errors.length ? (
        <tr className={s.errorRow}>
          <td />
          <td colSpan={cells.length} className={s.errorCell}>
            <span className={visuallyHidden}>Row {rowNo} errors: </span>
            {errors.map((e) => e.message).join(' · ')}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function ensureCsvName(name: string): string {
  return name.toLowerCase().endsWith('.csv') ? name : `${name}.csv`;
}
