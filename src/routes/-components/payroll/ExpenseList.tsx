// Employees' expenses (decision 034): HR records one with its receipt; the accountant approves or
// rejects it (a rejection says why) and pays an approved one at once, or leaves it for the next salary. The receipt
// is a private file, fetched with the session.
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  addEmployeeExpense,
  decideEmployeeExpense,
  employeeExpenseReceipt,
  employeeExpensesQuery,
  payEmployeeExpense,
} from '../../../api/payroll';
import { Badge, Button, Dialog, formatDateTime, formatRupees, Tabs, toast } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { openBlob } from '../../../ui/download';
import { type FileValue, ImageField, NumberField, SCANNED_PAPER, TextField } from '../../../ui/form';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import { chosenId, OperationForm, typedNumber, useOperationForm } from '../form';
import { EmployeePicker } from './EmployeePicker';
import * as s from './payroll.css';
import type { ExpenseStateFilter, validateExpensesSearch } from './search';
import { EXPENSE_STATE_LABEL, EXPENSE_STATE_TONE } from './status';
import type { EmployeeExpense } from './types';

type Search = ReturnType<typeof validateExpensesSearch>;

const TABS: { value: 'all' | ExpenseStateFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Waiting' },
  { value: 'approved', label: 'Approved' },
  { value: 'paid', label: 'Paid' },
  { value: 'rejected', label: 'Rejected' },
];

function ReceiptButton({ e }: { e: EmployeeExpense }) {
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      openBlob(await employeeExpenseReceipt(e.id));
    } catch (x) {
      toast.error((x as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={busy}
      onClick={open}
      aria-label={`Open the receipt ${e.receiptFileName}`}
    >
      Receipt
    </Button>
  );
}

type Acting = { kind: 'approve' | 'reject' | 'pay'; expense: EmployeeExpense } | null;

export interface ExpenseListProps {
  viewer: 'HR' | 'AC';
}

export function ExpenseList({ viewer }: ExpenseListProps) {
  const search = useSearch({ strict: false }) as Search;
  const setFilter = useListFilter();
  const state = search.state ?? 'all';
  const [acting, setActing] = useState<Acting>(null);
  const table = useServerTable<EmployeeExpense>((t) =>
    employeeExpensesQuery(
      { page: t.page, pageSize: t.pageSize, search: t.search || undefined },
      { state: state === 'all' ? undefined : state, EmpId: search.emp },
    ),
  );
  const columns: Column<EmployeeExpense>[] = [
    { key: 'empName', header: 'Employee', render: (e) => <bdi>{e.empName}</bdi> },
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      render: (e) => <span className={s.nowrap}>{formatRupees(e.amount)}</span>,
    },
    { key: 'reason', header: 'Reason', render: (e) => <bdi>{e.reason}</bdi> },
    {
      key: 'state',
      header: 'State',
      render: (e) => (
        <span className={s.rowActions}>
          <Badge tone={EXPENSE_STATE_TONE[e.state]}>{EXPENSE_STATE_LABEL[e.state]}</Badge>
          {e.state === 'paid' ? (
            <span className={s.nowrap}>
              {e.paidWith === 'salary' ? 'with the salary' : 'at once'}
              {e.bankReference ? `, ${e.bankReference}` : ''}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'decisionRemark',
      header: 'Remark',
      render: (e) => (e.decisionRemark ? <bdi>{e.decisionRemark}</bdi> : '—'),
    },
    {
      key: 'createdAt',
      header: 'Recorded',
      render: (e) => <span className={s.nowrap}>{formatDateTime(e.createdAt)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (e) => (
        <span className={s.rowActions}>
          <ReceiptButton e={e} />
          {viewer === 'AC' && e.state === 'pending' ? (
            <>
              <Button
                size="sm"
                onClick={() => setActing({ kind: 'approve', expense: e })}
                aria-label={`Approve the expense of ${e.empName}: ${e.reason}`}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => setActing({ kind: 'reject', expense: e })}
                aria-label={`Reject the expense of ${e.empName}: ${e.reason}`}
              >
                Reject
              </Button>
            </>
          ) : null}
          {viewer === 'AC' && e.state === 'approved' ? (
            <Button
              size="sm"
              onClick={() => setActing({ kind: 'pay', expense: e })}
              aria-label={`Pay the expense of ${e.empName} now: ${e.reason}`}
            >
              Pay now
            </Button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <Tabs
        label="Expense state"
        value={state}
        onValueChange={(v) => setFilter({ state: v === 'all' ? undefined : v })}
        tabs={TABS.map((t) => ({
          value: t.value,
          label: t.label,
          content:
            t.value === state ? (
              <DataTable
                {...table}
                caption="Employee expenses, newest first"
                columns={columns}
                rowKey={(e) => e.id}
                searchPlaceholder="Name or reason…"
                emptyMessage={table.state.search ? undefined : 'No expense in this list.'}
              />
            ) : null,
        }))}
      />
      {acting ? (
        <Dialog
          open
          onOpenChange={(o) => (o ? null : setActing(null))}
          size="sm"
          title={
            acting.kind === 'approve'
              ? `Approve ${formatRupees(acting.expense.amount)} for ${acting.expense.empName}?`
              : acting.kind === 'reject'
                ? `Reject the expense of ${acting.expense.empName}?`
                : `Pay ${formatRupees(acting.expense.amount)} to ${acting.expense.empName} now?`
          }
          description={
            acting.kind === 'approve'
              ? 'It is paid with their next salary, or at once with Pay now.'
              : acting.kind === 'reject'
                ? 'Say why: HR and the employee see the remark.'
                : 'From the company account wallet, once.'
          }
        >
          {acting.kind === 'pay' ? (
            <PayExpenseForm expense={acting.expense} onDone={() => setActing(null)} />
          ) : (
            <DecideForm expense={acting.expense} approve={acting.kind === 'approve'} onDone={() => setActing(null)} />
          )}
        </Dialog>
      ) : null}
    </>
  );
}

function DecideForm({ expense, approve, onDone }: { expense: EmployeeExpense; approve: boolean; onDone(): void }) {
  const form = useOperationForm({
    operation: 'decideEmpExpense',
    initial: { remark: '' },
    labels: { remark: approve ? 'Remark (optional)' : 'Remark' },
    precheck: (v) => (!approve && !v.remark.trim() ? { remark: 'Say why it is rejected' } : {}),
    toBody: (v) => ({ approve, ...(v.remark.trim() ? { remark: v.remark.trim() } : {}) }),
    send: (body) => decideEmployeeExpense(expense.id, body.approve, body.remark),
    savedMessage: approve ? 'Expense approved.' : 'Expense rejected.',
    onSaved: onDone,
  });
  return (
    <OperationForm
      form={form}
      label={approve ? 'Approve the expense' : 'Reject the expense'}
      submitLabel={approve ? 'Approve' : 'Reject expense'}
    >
      <TextField {...form.text('remark')} fullWidth />
    </OperationForm>
  );
}

function PayExpenseForm({ expense, onDone }: { expense: EmployeeExpense; onDone(): void }) {
  const form = useOperationForm({
    operation: 'payEmpExpense',
    initial: { bankReference: `EXP-${expense.id}` },
    labels: { bankReference: 'Bank reference (UTR)' },
    toBody: (v) => ({ bankReference: v.bankReference.trim() }),
    send: (body) => payEmployeeExpense(expense.id, body.bankReference),
    savedMessage: 'Expense paid.',
    onSaved: onDone,
  });
  return (
    <OperationForm form={form} label="Pay the expense" submitLabel={`Pay ${formatRupees(expense.amount)}`}>
      <TextField {...form.text('bankReference')} autoComplete="off" fullWidth />
    </OperationForm>
  );
}

type AddValues = { EmpId: string; amount: string; reason: string; receipt: FileValue | null };

/** HR records an expense for an employee, with its receipt. */
export function AddExpenseForm() {
  const form = useOperationForm({
    operation: 'addEmpExpense',
    initial: { EmpId: '', amount: '', reason: '', receipt: null } as AddValues,
    labels: { EmpId: 'Employee', amount: 'Amount', reason: 'Reason', receipt: 'Receipt' },
    alias: { receiptFileName: 'receipt' },
    toBody: (v) => ({
      EmpId: chosenId(v.EmpId),
      amount: typedNumber(v.amount),
      reason: v.reason.trim(),
      receipt: v.receipt?.data ?? '',
      ...(v.receipt ? { receiptFileName: v.receipt.fileName } : {}),
    }),
    precheck: (v) => (v.receipt ? {} : { receipt: 'Attach the receipt (a PDF, JPEG or PNG)' }),
    send: (body) => addEmployeeExpense(body),
    savedMessage: 'Expense recorded: it waits for the accountant.',
    onSaved: () => form.reset(),
  });
  const v = form.values;
  return (
    <OperationForm form={form} label="Record an expense" submitLabel="Record expense">
      <EmployeePicker
        name="EmpId"
        value={Number(v.EmpId) || undefined}
        onChange={(id) => form.set('EmpId', id ? String(id) : '')}
        error={form.errors.EmpId}
      />
      <NumberField {...form.text('amount')} prefix="₹" />
      <TextField {...form.text('reason')} fullWidth />
      <ImageField {...form.control('receipt')} {...SCANNED_PAPER} hint="A PDF, JPEG or PNG of at most 5 MB." />
    </OperationForm>
  );
}
