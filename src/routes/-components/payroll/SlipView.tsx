// A paid month's salary slip (GetEmpSalarySlip) and its PDF made on the server: HR's salary slip, the professional's
// own slips. An unpaid month has no slip (the server answers 404), which is said in plain words.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { salarySlipPdf, salarySlipQuery } from '../../../api/payroll';
import { Alert, Card, DownloadButton, EmptyState, LoadingPlaceholder } from '../../../ui';
import { SalaryBreakdown } from './SalaryBreakdown';
import { apiMonth, monthLabel } from './search';

export interface SlipViewProps {
  empId: number;
  month: { month: number; year: number };
}

/** `label`: the button's accessible name in a list of slips ('Download the slip of November 2026 as PDF'). */
export function SlipDownloadButton({ empId, month, label }: SlipViewProps & { label?: string }) {
  const file = async () => ({
    blob: await salarySlipPdf(empId, apiMonth(month)),
    fileName: `salary-slip-${empId}-${apiMonth(month)}.pdf`,
  });
  return (
    <DownloadButton variant="primary" file={file} aria-label={label}>
      Download PDF
    </DownloadButton>
  );
}

export function SlipView({ empId, month }: SlipViewProps) {
  const slip = useQuery(salarySlipQuery(empId, apiMonth(month)));
  if (slip.isPending) return <LoadingPlaceholder />;
  if (!slip.data) {
    if (slip.error instanceof ApiError && slip.error.status === 404) {
      return (
        <EmptyState
          title={`No salary slip for ${monthLabel(month)}`}
          description="A slip is made when the month's salary is paid. Choose another month, or check the month's payroll."
        />
      );
    }
    return <Alert tone="danger">{slip.error?.message ?? 'The salary slip could not be loaded.'}</Alert>;
  }
  const d = slip.data;
  return (
    <Card title={`Salary slip, ${monthLabel(d)}`} actions={<SlipDownloadButton empId={empId} month={d} />}>
      <SalaryBreakdown calc={d} heading />
    </Card>
  );
}
