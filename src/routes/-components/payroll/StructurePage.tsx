// HR's salary structures (decision 034): every employee with the structure in force today, and for one employee the
// structures by effective date, a form to add one (or correct one no paid month used) and the statutory deductions
// as the server computes them for the last full month: EPF, ESI and professional tax are configuration, never typed.
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  addSalaryStructure,
  salaryCalculationQuery,
  salaryStructureEmpQuery,
  salaryStructuresQuery,
  updateSalaryStructure,
} from '../../../api/payroll';
import { Alert, Badge, Button, Card, formatDate, formatRupees, LoadingPlaceholder, Tabs } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { CheckboxField, NumberField, TextField } from '../../../ui/form';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import { OperationForm, typedNumber, useOperationForm } from '../form';
import { InPageLink } from '../InPageLink';
import { CloseEmployee } from './EmployeePicker';
import * as s from './payroll.css';
import { PayLines } from './SalaryBreakdown';
import { apiMonth, defaultMonth, monthLabel, type validateStructureSearch } from './search';
import type { SalaryStructure, SalaryStructureRow } from './types';

type Search = ReturnType<typeof validateStructureSearch>;

const money = (n: number) => <span className={s.nowrap}>{formatRupees(n)}</span>;
const enrolled = (st: Pick<SalaryStructure, 'epf' | 'esi'>) =>
  [st.epf ? 'EPF' : null, st.esi ? 'ESI' : null].filter(Boolean).join(', ') || 'Neither';

export function StructurePage() {
  const search = useSearch({ strict: false }) as Search;
  const setFilter = useListFilter();
  const has = search.has ?? 'all';
  const table = useServerTable<SalaryStructureRow>((state) =>
    salaryStructuresQuery(
      { page: state.page, pageSize: state.pageSize, search: state.search || undefined },
      { withStructure: has },
    ),
  );
  const columns: Column<SalaryStructureRow>[] = [
    { key: 'empName', header: 'Employee', render: (r) => <bdi>{r.empName}</bdi> },
    { key: 'mobileNo', header: 'Mobile' },
    { key: 'professionalType', header: 'Type' },
    {
      key: 'effectiveFrom',
      header: 'In force from',
      render: (r) => (r.current ? <span className={s.nowrap}>{formatDate(r.current.effectiveFrom)}</span> : '—'),
    },
    { key: 'basic', header: 'Basic', align: 'end', render: (r) => (r.current ? money(r.current.basic) : '—') },
    { key: 'gross', header: 'Gross a month', align: 'end', render: (r) => (r.current ? money(r.current.gross) : '—') },
    { key: 'statutory', header: 'Enrolled in', render: (r) => (r.current ? enrolled(r.current) : '—') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (r) => (
        <InPageLink set={{ emp: r.empId }} size="sm" aria-label={`Salary structure of ${r.empName}`}>
          {r.current ? 'Open' : 'Set structure'}
        </InPageLink>
      ),
    },
  ];
  return (
    <StaffPage
      title="Salary structures"
      description="Each employee's earnings from an effective date. EPF, ESI and professional tax are computed from the statutory rules, not typed."
      className={s.page}
    >
      {search.emp ? <EmployeeStructure empId={search.emp} /> : null}
      <Tabs
        label="Employees"
        value={has}
        onValueChange={(v) => setFilter({ has: v === 'all' ? undefined : v })}
        tabs={[
          { value: 'all', label: 'All' },
          { value: 'with', label: 'With a structure' },
          { value: 'without', label: 'Without a structure' },
        ].map((t) => ({
          ...t,
          content:
            t.value === has ? (
              <DataTable
                {...table}
                caption="Employees and their salary structure in force today"
                columns={columns}
                rowKey={(r) => r.empId}
                searchPlaceholder="Name or mobile number…"
              />
            ) : null,
        }))}
      />
    </StaffPage>
  );
}

function EmployeeStructure({ empId }: { empId: number }) {
  const data = useQuery(salaryStructureEmpQuery(empId));
  const [editing, setEditing] = useState<SalaryStructure | null>(null);
  const close = <CloseEmployee />;
  if (data.isPending) return <LoadingPlaceholder />;
  if (!data.data) {
    return (
      <Card title="Salary structure" actions={close}>
        <Alert tone="danger">{data.error?.message ?? 'The salary structure could not be loaded.'}</Alert>
      </Card>
    );
  }
  const d = data.data;
  const historyColumns: Column<SalaryStructure>[] = [
    {
      key: 'effectiveFrom',
      header: 'From',
      render: (st) => <span className={s.nowrap}>{formatDate(st.effectiveFrom)}</span>,
    },
    { key: 'basic', header: 'Basic', align: 'end', render: (st) => money(st.basic) },
    { key: 'hra', header: 'HRA', align: 'end', render: (st) => money(st.hra) },
    { key: 'allowances', header: 'Allowances', align: 'end', render: (st) => money(st.allowances) },
    { key: 'gross', header: 'Gross', align: 'end', render: (st) => money(st.gross) },
    { key: 'statutory', header: 'Enrolled in', render: (st) => `${enrolled(st)}; PT ${st.ptState}` },
    { key: 'remark', header: 'Remark', render: (st) => (st.remark ? <bdi>{st.remark}</bdi> : '—') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (st) =>
        st.paidThrough ? (
          <Badge tone="neutral">Used by paid months</Badge>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setEditing(st)}
            aria-label={`Correct the structure from ${formatDate(st.effectiveFrom)}`}
          >
            Correct
          </Button>
        ),
    },
  ];
  return (
    <>
      <Card title={`Salary structure of ${d.empName}`} actions={close}>
        <div className={s.stack}>
          {d.current ? (
            <p className={s.muted}>
              In force today: {formatRupees(d.current.gross)} gross a month from {formatDate(d.current.effectiveFrom)}.
            </p>
          ) : (
            <Alert tone="warning">No structure is in force today: add one below.</Alert>
          )}
          <DataTable
            caption={`Structures of ${d.empName}, newest first`}
            columns={historyColumns}
            rowKey={(st) => st.id}
            {...staticTableProps(d.history)}
            emptyMessage="No structure yet."
          />
        </div>
      </Card>
      <StatutoryPreview empId={empId} />
      <Card title={editing ? `Correct the structure from ${formatDate(editing.effectiveFrom)}` : 'Add a structure'}>
        <StructureForm key={editing?.id ?? 'new'} empId={empId} structure={editing} onDone={() => setEditing(null)} />
      </Card>
    </>
  );
}

/** The deductions and the employer's contributions the server computes for the last full month. */
function StatutoryPreview({ empId }: { empId: number }) {
  const month = defaultMonth();
  const calc = useQuery(salaryCalculationQuery(empId, apiMonth(month)));
  const c = calc.data;
  return (
    <Card title={`Deductions as computed for ${monthLabel(month)}`}>
      {calc.error && !c ? <Alert tone="danger">{calc.error.message}</Alert> : null}
      {!c ? (
        calc.isPending ? (
          <LoadingPlaceholder />
        ) : null
      ) : c.status === 'noStructure' ? (
        <p className={s.muted}>No structure was in force in {monthLabel(month)}.</p>
      ) : (
        <div className={s.stack}>
          <p className={s.muted}>
            {c.status === 'paid' ? 'As paid' : 'As it stands'}, on {c.paidDays} paid days of {c.daysInMonth}: gross{' '}
            {formatRupees(c.gross)}.
          </p>
          <div className={s.columns}>
            <PayLines title="Deducted from the pay" lines={c.deductions} />
            <PayLines title="Paid by the employer" lines={c.employer} />
          </div>
        </div>
      )}
    </Card>
  );
}

type Values = {
  effectiveFrom: string;
  basic: string;
  hra: string;
  allowances: string;
  epf: boolean;
  esi: boolean;
  remark: string;
};

const rupeeText = (n: number) => (n ? String(n) : '');

function StructureForm({
  empId,
  structure,
  onDone,
}: {
  empId: number;
  structure: SalaryStructure | null;
  onDone(): void;
}) {
  const st = structure;
  const form = useOperationForm({
    operation: st ? 'updateSalaryDetailsEmp' : 'addSalaryDetailsEmp',
    initial: {
      effectiveFrom: st?.effectiveFrom ?? '',
      basic: st ? rupeeText(st.basic) : '',
      hra: st ? rupeeText(st.hra) : '',
      allowances: st ? rupeeText(st.allowances) : '',
      epf: st?.epf ?? true,
      esi: st?.esi ?? true,
      remark: st?.remark ?? '',
    } satisfies Values,
    labels: {
      effectiveFrom: 'Effective from',
      basic: 'Basic a month',
      hra: 'HRA a month',
      allowances: 'Allowances a month',
      epf: 'Enrolled in EPF',
      esi: 'Enrolled in ESI',
      remark: 'Remark',
    },
    toBody: (v) => ({
      effectiveFrom: v.effectiveFrom,
      basic: typedNumber(v.basic),
      hra: v.hra.trim() ? typedNumber(v.hra) : 0,
      allowances: v.allowances.trim() ? typedNumber(v.allowances) : 0,
      ptState: 'MH' as const,
      epf: v.epf,
      esi: v.esi,
      ...(v.remark.trim() ? { remark: v.remark.trim() } : {}),
    }),
    send: (body) => (st ? updateSalaryStructure(empId, st.id, body) : addSalaryStructure(empId, body)),
    savedMessage: st ? 'Salary structure corrected.' : 'Salary structure added.',
    onSaved: () => {
      form.reset();
      onDone();
    },
  });
  const v = form.values;
  return (
    <OperationForm
      form={form}
      label={st ? 'Correct the salary structure' : 'Add a salary structure'}
      submitLabel={st ? 'Save correction' : 'Add structure'}
      secondaryAction={
        st ? (
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        ) : undefined
      }
    >
      <TextField
        {...form.text('effectiveFrom')}
        type="date"
        hint="It applies from this day until the next structure's. Months already paid are never recomputed."
      />
      <NumberField {...form.text('basic')} prefix="₹" />
      <NumberField {...form.text('hra')} prefix="₹" />
      <NumberField {...form.text('allowances')} prefix="₹" />
      <CheckboxField
        {...form.field('epf')}
        checked={v.epf}
        onChange={(e) => form.set('epf', e.target.checked)}
        hint="Deducted and matched by the employer as the statutory rules in force say (the figures above)."
      />
      <CheckboxField
        {...form.field('esi')}
        checked={v.esi}
        onChange={(e) => form.set('esi', e.target.checked)}
        hint="Applies while gross pay is within the statutory limit; the server computes it."
      />
      <TextField {...form.text('remark')} fullWidth />
    </OperationForm>
  );
}
