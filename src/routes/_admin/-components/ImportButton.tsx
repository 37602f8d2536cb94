// Shared by every admin list with a bulk import: the Import button and its dialog.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import { Button, toast } from '../../../ui';
import { ImportDialog, type ImportResult } from '../../../ui/ImportDialog';
import type { ImportColumn, RowError } from '../../../ui/spreadsheet';

/**
 * What is imported, in the plural ("categories"): it names the dialog ("Import categories") and the template
 * ("categories-template.csv"). Or both spelled out, where they do not follow that rule.
 */
type ImportNames = { things: string } | { title: string; templateFileName: string };

export type ImportButtonProps<Row = Record<string, unknown>> = ImportNames & {
  columns: ImportColumn[];
  /** The import call; the rows are as the template's columns name them. */
  importer: (rows: Row[]) => Promise<{ imported: number }>;
  /** The import operation: after success, the reads it changes (x-invalidates) are refetched. */
  operation: WriteId;
  /** The button's text; "Import" unless told. */
  label?: string;
};

/** The server's problem (400 with errors[].row = index + 2, or a 409) as the dialog's result. */
export function importFailure(e: unknown): ImportResult {
  if (e instanceof ApiError) {
    const errors: RowError[] = e.errors.map((x) => ({ row: x.row ?? 0, field: x.field ?? '', message: x.message }));
    return { ok: false, errors, message: errors.length ? undefined : e.message };
  }
  return { ok: false, errors: [], message: e instanceof Error ? e.message : undefined };
}

/** Opens ImportDialog (which has "Download template"); sends the rows and maps the server's answer. */
export function ImportButton<Row = Record<string, unknown>>(props: ImportButtonProps<Row>) {
  const { columns, importer, operation, label } = props;
  const { title, templateFileName } =
    'things' in props ? { title: `Import ${props.things}`, templateFileName: `${props.things}-template.csv` } : props;
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();

  async function onImport(rows: Record<string, unknown>[], onProgress: (f: number) => void): Promise<ImportResult> {
    onProgress(0.1);
    try {
      const { imported } = await importer(rows as Row[]);
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
