import { useState } from 'react';
import { Button, type ButtonProps } from './Button';
import { saveBlob } from './download';
import { toast } from './Toasts';

/** A fetched file and the name it is saved under. */
export interface FetchedFile {
  blob: Blob;
  fileName: string;
}

/**
 * A button that fetches a file with the session and saves it (download.ts): busy while it works, and a failure is
 * said in a toast. `file` is called on each click.
 */
export function DownloadButton({
  file,
  variant = 'secondary',
  ...rest
}: Omit<ButtonProps, 'onClick' | 'loading'> & { file: () => Promise<FetchedFile> }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await file();
      saveBlob(blob, fileName);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return <Button {...rest} variant={variant} loading={busy} onClick={() => void download()} />;
}
