// HR's other salary deductions (decision 034): advances, loans and others, each with a reason, an amount a month, the
// first month and how many months. A change also needs a reason; paid months keep what they deducted.
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { addSalaryDeduction, salaryDeductionsQuery, updateSalaryDeduction } from '../../../api/payroll';
import { Badge, Button, Card, Dialog, EmptyState, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { CheckboxField, NumberField, SelectField, TextField } from '../../../ui/form';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { useServerTable } from '../../_admin/-components/useServerTable';
import { OperationForm, typedNumber, useOperationForm } from '../form';
import { EmployeePicker } from './EmployeePicker';
import * as s from './payroll.css';
import { apiMonth, defaultMonth, monthLabel, type PayrollSearch } from './search';
import type { SalaryDeduction } from './types';

const KIND_LABEL: Record<SalaryDeduction['kind'], string> = { advance: 'Advance', loan: 'Loan', other: 'Other' };

const fromLabel = (d: SalaryDeduction) =>
  monthLabel({ year: Number(d.fromMonth.slice(0, 4)), month: Number(d.fromMonth.slice(5, 7)) });

/** The month after the last full one: the first a new deduction can usually apply to. */
function nextMonth() {
  const m = defaultMonth();
  return m.month === 12 ? { month: 1, year: m.year + 1 } : { month: m.month + 1, year: m.year };
}

export function DeductionsPage() {
  const search = useSearch({ strict: false }) as PayrollSearch;
  const [editing, setEditing] = useState<SalaryDeduction | null>(null);
  const table = useServerTable<SalaryDeduction>((state) =>
    salaryDeductionsQuery(
      { page: state.page, pageSize: state.pageSize, search: state.search || undefined },
      search.emp,
    ),
  );
  const columns: Column<SalaryDeduction>[] = [
    { key: 'empName', header: 'Employee', render: (d) => <bdi>{d.empName}</bdi> },
    { key: 'kind', header: 'Kind', render: (d) => KIND_LABEL[d.kind] },
    { key: 'reason', header: 'Reason', render: (d) => <bdi>{d.reason}</bdi> },
    {
      key: 'amount',
      header: 'A month',
      align: 'end',
      render: (d) => <span className={s.nowrap}>{formatRupees(d.amount)}</span>,
    },
    { key: 'fromMonth', header: 'From', render: (d) => <span className={s.nowrap}>{fromLabel(d)}</span> },
    { key: 'months', header: 'Months', align: 'end' },
    {
      key: 'active',
      header: 'State',
      render: (d) => <Badge tone={d.active ? 'success' : 'neutral'}>{d.active ? 'On' : 'Off'}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (d) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setEditing(d)}
          aria-label={`Update the ${KIND_LABEL[d.kind].toLowerCase()} of ${d.empName}: ${d.reason}`}
        >
          Update
        </Button>
      ),
    },
  ];
  return (
    <StaffPage
      title="Salary deductions"
      description="Advances, loans and other deductions, each with its reason. A month's deductions never take the pay below zero."
      className={s.page}
    >
      <Card title="Employee">
        <EmployeePicker value={search.emp} hint="Choose an employee to add a deduction and to see only theirs." />
      </Card>
      {search.emp ? (
        <Card title="Add a deduction">
          <AddDeductionForm key={search.emp} empId={search.emp} />
        </Card>
      ) : (
        <EmptyState title="No employee chosen" description="Every employee's deductions are listed below." />
      )}
      <DataTable
        {...table}
        caption="Salary deductions, newest first"
        columns={columns}
        rowKey={(d) => d.id}
        searchPlaceholder="Name or reason…"
        emptyMessage={table.state.search ? undefined : 'No salary deduction yet.'}
      />
      {editing ? (
        <Dialog
          open
          onOpenChange={(o) => (o ? null : setEditing(null))}
          title={`Update the ${KIND_LABEL[editing.kind].toLowerCase()} of ${editing.empName}`}
          description="Paid months keep what they deducted; the change applies to the months not yet paid."
        >
          <UpdateDeductionForm deduction={editing} onDone={() => setEditing(null)} />
        </Dialog>
      ) : null}
    </StaffPage>
  );
}

function AddDeductionForm({ empId }: { empId: number }) {
  const first = nextMonth();
  const form = useOperationForm({
    operation: 'addSalaryDeduction',
    initial: { kind: 'advance', reason: '', amount: '', fromMonth: apiMonth(first), months: '1' },
    labels: {
      kind: 'Kind',
      reason: 'Reason',
      amount: 'Amount a month',
      fromMonth: 'First month',
      months: 'Number of months',
    },
    toBody: (v) => ({
      kind: v.kind as SalaryDeduction['kind'],
      reason: v.reason.trim(),
      amount: typedNumber(v.amount),
      fromMonth: v.fromMonth,
      months: typedNumber(v.months),
    }),
    send: (body) => addSalaryDeduction(empId, body),
    savedMessage: 'Deduction added.',
    onSaved: () => form.reset(),
  });
  return (
    <OperationForm form={form} label="Add a salary deduction" submitLabel="Add deduction">
      <SelectField
        {...form.field('kind')}
        value={form.values.kind}
        onChange={(e) => form.set('kind', e.target.value)}
        options={Object.entries(KIND_LABEL).map(([value, label]) => ({ value, label }))}
      />
      <NumberField {...form.text('amount')} prefix="₹" />
      <TextField {...form.text('fromMonth')} type="month" hint="Months already paid cannot be changed." />
      <NumberField {...form.text('months')} inputMode="numeric" hint="Deducted this many months from the first." />
      <TextField {...form.text('reason')} fullWidth />
    </OperationForm>
  );
}

function UpdateDeductionForm({ deduction: d, onDone }: { deduction: SalaryDeduction; onDone(): void }) {
  const form = useOperationForm({
    operation: 'updateSalaryDeduction',
    initial: { reason: '', amount: String(d.amount), months: String(d.months), active: d.active },
    labels: { reason: 'Why it changes', amount: 'Amount a month', months: 'Number of months', active: 'On' },
    toBody: (v) => ({
      reason: v.reason.trim(),
      amount: typedNumber(v.amount),
      months: typedNumber(v.months),
      active: v.active,
    }),
    send: (body) => updateSalaryDeduction(d.id, body),
    savedMessage: 'Deduction updated.',
    onSaved: onDone,
  });
  return (
    <OperationForm form={form} label="Update the salary deduction" submitLabel="Save">
      <NumberField {...form.text('amount')} prefix="₹" />
      <NumberField {...form.text('months')} inputMode="numeric" />
      <CheckboxField
        {...form.field('active')}
        checked={form.values.active}
        onChange={(e) => form.set('active', e.target.checked)}
        hint="Off: no longer deducted from the months not yet paid."
      />
      <TextField {...form.text('reason')} fullWidth hint={`Now: ${d.reason}`} />
    </OperationForm>
  );
}
