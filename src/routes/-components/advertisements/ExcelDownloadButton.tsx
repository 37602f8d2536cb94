// Downloads every advertisement as an .xlsx workbook (GetAdvertisementExcel). The call needs the session token,
// so the file is fetched and saved from a temporary object URL.
import { useState } from 'react';
import { advertisementExcel } from '../../../api/packages';
import { Button, toast } from '../../../ui';

export function ExcelDownloadButton({ advType, label = 'Download Excel' }: { advType?: 'AD' | 'CO'; label?: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await advertisementExcel(advType);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.style.display = 'none';
      document.body.append(a);
      a.click();
      a.remove();
      // Revoke later: some browsers start the download after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" loading={busy} onClick={download}>
      {label}
    </Button>
  );
}
