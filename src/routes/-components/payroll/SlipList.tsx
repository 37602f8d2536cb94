// Paid salary slips (GetSalarySlips), newest month first: HR's salary disbursed (everyone's, one month) and the
// professional's own slips (the server answers only theirs). Each row has its PDF.
import { Link } from '@tanstack/react-router';
import { salarySlipsQuery } from '../../../api/payroll';
import { buttonClassName, formatDateTime, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { useServerTable } from '../../_admin/-components/useServerTable';
import * as s from './payroll.css';
import { SlipDownloadButton } from './SlipView';
import { apiMonth, monthLabel } from './search';
import type { SalarySlipSummary } from './types';

export interface SlipListProps {
  caption: string;
  /** Staff: one month's slips of everyone, with the employee column; omitted: the professional's own, every month. */
  month?: { month: number; year: number };
  /** Where a row's View goes: the page showing one slip (`?emp=&month=&year=`). */
  viewTo: '/PayModule/SalarySlip' | '/SalarySlip/GenerateSalarySliptech';
  emptyMessage: string;
  toolbar?: React.ReactNode;
}

export function SlipList({ caption, month, viewTo, emptyMessage, toolbar }: SlipListProps) {
  const staff = month !== undefined;
  const table = useServerTable<SalarySlipSummary>((state) =>
    salarySlipsQuery(
      { page: state.page, pageSize: state.pageSize, search: state.search || undefined },
      { date: month ? apiMonth(month) : undefined },
    ),
  );
  const columns: Column<SalarySlipSummary>[] = [
    ...(staff
      ? [{ key: 'empName', header: 'Employee', render: (r: SalarySlipSummary) => <bdi>{r.empName}</bdi> }]
      : []),
    { key: 'month', header: 'Month', render: (r) => <span className={s.nowrap}>{monthLabel(r)}</span> },
    {
      key: 'gross',
      header: 'Gross',
      align: 'end',
      render: (r) => <span className={s.nowrap}>{formatRupees(r.gross)}</span>,
    },
    {
      key: 'totalDeductions',
      header: 'Deductions',
      align: 'end',
      render: (r) => <span className={s.nowrap}>{formatRupees(r.totalDeductions)}</span>,
    },
    {
      key: 'net',
      header: 'Net paid',
      align: 'end',
      render: (r) => <strong className={s.nowrap}>{formatRupees(r.net)}</strong>,
    },
    {
      key: 'bankReference',
      header: 'Bank reference',
      render: (r) => <span className={s.nowrap}>{r.bankReference}</span>,
    },
    { key: 'paidAt', header: 'Paid on', render: (r) => <span className={s.nowrap}>{formatDateTime(r.paidAt)}</span> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (r) => {
        const who = staff ? `${r.empName}, ${monthLabel(r)}` : monthLabel(r);
        return (
          <span className={s.rowActions}>
            <Link
              to={viewTo}
              search={{ emp: staff ? r.empId : undefined, month: r.month, year: r.year }}
              className={buttonClassName({ variant: 'ghost', size: 'sm' })}
              aria-label={`View the slip of ${who}`}
            >
              View
            </Link>
            <SlipDownloadButton empId={r.empId} month={r} label={`Download the slip of ${who} as PDF`} />
          </span>
        );
      },
    },
  ];
  return (
    <DataTable
      {...table}
      caption={caption}
      columns={columns}
      rowKey={(r) => r.slipId}
      searchable={staff}
      searchPlaceholder="Name or mobile number…"
      toolbar={toolbar}
      emptyMessage={table.state.search ? undefined : emptyMessage}
    />
  );
}
