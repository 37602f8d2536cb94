// Downloads every advertisement as an .xlsx workbook (GetAdvertisementExcel). The call needs the session token,
// so the file is fetched and saved from a temporary object URL.

import { useState } from 'react';
import { advertisementExcel } from '../../../api/packages';
import { Button, toast } from '../../../ui';
import { saveBlob } from '../../../ui/download';

export function ExcelDownloadButton({ advType, label = 'Download Excel' }: { advType?: 'AD' | 'CO'; label?: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { blob, fileName } = await advertisementExcel(advType);
      saveBlob(blob, fileName);
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
