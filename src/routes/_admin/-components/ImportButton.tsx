// Shared by every admin list with a bulk import: the Import button and its dialog.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import { Button, toast } from '../../../ui';
import { ImportDialog, type ImportResult } from '../../../ui/ImportDialog';
import type { ImportColumn, RowError } from '../../../ui/spreadsheet';

export interface ImportButtonProps {
  /** The dialog's title, e.g. "Import categories". */
  title: string;
  columns: ImportColumn[];
  templateFileName: string;
  importer: (rows: Record<string, unknown>[]) => Promise<{ imported: number }>;
  /** The import operation: after success, the reads it changes (x-invalidates) are refetched. */
  operation: WriteId;
  /** The button's text; "Import" unless told. */
  label?: string;
}

/** The server's problem (400 with errors[].row = index + 2, or a 409) as the dialog's result. */
export function importFailure(e: unknown): ImportResult {
  if (e instanceof ApiError) {
    const errors: RowError[] = e.errors.map((x) => ({ row: x.row ?? 0, field: x.field ?? '', message: x.message }));
    return { ok: false, errors, message: errors.length ? undefined : e.message };
  }
  return { ok: false, errors: [], message: e instanceof Error ? e.message : undefined };
}

/** Opens ImportDialog (which has "Download template"); sends the rows and maps the server's answer. */
export function ImportButton({ title, columns, templateFileName, importer, operation, label }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  async function onImport(rows: Record<string, unknown>[], onProgress: (f: number) => void): Promise<ImportResult> {
    onProgress(0.1);
    try {
      const { imported } = await importer(rows);
      onProgress(1);
      return { ok: true, count: imported };
    } catch (e) {
      return importFailure(e);
    }
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {label ?? 'Import'}
      </Button>
      <ImportDialog
        title={title}
        columns={columns}
        templateFileName={templateFileName}
        open={open}
        onOpenChange={setOpen}
        onImport={onImport}
        onDone={(count) => {
          toast.success(`Imported ${count.toLocaleString('en-IN')} ${count === 1 ? 'row' : 'rows'}.`);
          void invalidateAfter(queryClient, operation);
        }}
      />
    </>
  );
}
