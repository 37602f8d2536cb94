// Downloads every advertisement as an .xlsx workbook (GetAdvertisementExcel). The call needs the session token,
// so the file is fetched and saved from a temporary object URL.

import { advertisementExcel } from '../../../api/packages';
import { DownloadButton } from '../../../ui';

export function ExcelDownloadButton({ advType, label = 'Download Excel' }: { advType?: 'AD' | 'CO'; label?: string }) {
  return <DownloadButton file={() => advertisementExcel(advType)}>{label}</DownloadButton>;
}
