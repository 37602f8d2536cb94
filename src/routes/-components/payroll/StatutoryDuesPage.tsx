// The accountant's statutory dues (decision 056): what the salaries paid owe EPF, ESI and professional tax per month
// (the employees' shares withheld and the employer's), paying a month to its authority from the company account
// wallet with the challan's reference, and the payments made. The figures are the server's; the screen adds none.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  payStatutoryDues,
  type StatutoryMonthDues,
  type StatutoryPayment,
  type StatutoryScheme,
  statutoryDuesQuery,
} from '../../../api/payroll';
import { newIdempotencyKey } from '../../../api/wallets';
import { Button, Dialog, formatDateTime, formatRupees, PageHeader, toast } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { NumberField, TextField } from '../../../ui/form';
import { Fact } from '../Fact';
import { OperationForm, typedNumber, useOperationForm } from '../form';
import * as s from './payroll.css';
import { apiMonth, monthLabel } from './search';

const SCHEME_LABEL: Record<StatutoryScheme, string> = {
  EPF: 'EPF',
  ESI: 'ESI',
  PT: 'Professional tax',
};
const SCHEMES: StatutoryScheme[] = ['EPF', 'ESI', 'PT'];

const duesKey = (d: StatutoryMonthDues) => `${d.scheme}-${apiMonth(d)}`;

export function StatutoryDuesPage() {
  const dues = useQuery(statutoryDuesQuery());
  const [paying, setPaying] = useState<StatutoryMonthDues | null>(null);
  const data = dues.data;
  const columns: Column<StatutoryMonthDues>[] = [
    { key: 'month', header: 'Salary month', render: (d) => <span className={s.nowrap}>{monthLabel(d)}</span> },
    { key: 'scheme', header: 'Scheme', render: (d) => SCHEME_LABEL[d.scheme] },
    { key: 'employees', header: 'Employees', align: 'end', render: (d) => d.employees },
    {
      key: 'employeeShare',
      header: "Employees' share",
      align: 'end',
      render: (d) => <span className={s.nowrap}>{formatRupees(d.employeeShare)}</span>,
    },
    {
      key: 'employerShare',
      header: "Employer's share",
      align: 'end',
      render: (d) => <span className={s.nowrap}>{formatRupees(d.employerShare)}</span>,
    },
    {
      key: 'paid',
      header: 'Paid',
      align: 'end',
      render: (d) => <span className={s.nowrap}>{formatRupees(d.paid)}</span>,
    },
    {
      key: 'owed',
      header: 'Owed',
      align: 'end',
      render: (d) => <strong className={s.nowrap}>{formatRupees(d.owed)}</strong>,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (d) =>
        d.owed > 0 ? (
          <Button
            size="sm"
            onClick={() => setPaying(d)}
            aria-label={`Pay ${SCHEME_LABEL[d.scheme]} for ${monthLabel(d)}`}
          >
            Pay
          </Button>
        ) : (
          <span className={s.muted}>Cleared</span>
        ),
    },
  ];
  const history: Column<StatutoryPayment>[] = [
    { key: 'paidAt', header: 'Paid on', render: (p) => <span className={s.nowrap}>{formatDateTime(p.paidAt)}</span> },
    { key: 'scheme', header: 'Scheme', render: (p) => SCHEME_LABEL[p.scheme] },
    { key: 'month', header: 'Salary month', render: (p) => <span className={s.nowrap}>{monthLabel(p)}</span> },
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      render: (p) => <span className={s.nowrap}>{formatRupees(p.amount)}</span>,
    },
    { key: 'reference', header: 'Challan or bank reference', render: (p) => <bdi>{p.reference}</bdi> },
    { key: 'paidBy', header: 'Paid by', render: (p) => <bdi>{p.paidBy ?? '—'}</bdi> },
  ];
  return (
    <div className={s.page}>
      <PageHeader
        title="Statutory dues"
        description="EPF, ESI and professional tax withheld from the salaries paid, with the employer's share, per salary month. Pay a month to its authority from the company account wallet with the challan's reference; the month's dues are then cleared."
      />
      <section aria-labelledby="statutory-owed" className={s.stack}>
        <h2 id="statutory-owed">Owed to the authorities</h2>
        <dl className={s.facts}>
          {SCHEMES.map((scheme) => (
            <Fact key={scheme} term={SCHEME_LABEL[scheme]}>
              {data ? formatRupees(data.owed[scheme]) : '…'}
            </Fact>
          ))}
        </dl>
      </section>
      <DataTable
        caption="Dues per salary month"
        columns={columns}
        {...staticTableProps(data?.months ?? [])}
        rowKey={duesKey}
        loading={dues.isLoading}
        error={dues.error ? dues.error.message : null}
        emptyMessage="No salary paid yet has statutory dues."
      />
      <DataTable
        caption="Payments to the authorities"
        columns={history}
        {...staticTableProps(data?.payments ?? [])}
        rowKey={(p) => p.id}
        loading={dues.isLoading}
        emptyMessage="Nothing paid to the authorities yet."
      />
      <Dialog
        open={paying !== null}
        onOpenChange={(open) => (open ? null : setPaying(null))}
        title={paying ? `Pay ${SCHEME_LABEL[paying.scheme]} for ${monthLabel(paying)}?` : 'Pay'}
        description={
          paying ? `${formatRupees(paying.owed)} is owed for the month. The company account wallet pays it.` : undefined
        }
        size="sm"
      >
        {paying ? <PayDuesForm key={duesKey(paying)} dues={paying} onDone={() => setPaying(null)} /> : null}
      </Dialog>
    </div>
  );
}

function PayDuesForm({ dues, onDone }: { dues: StatutoryMonthDues; onDone(): void }) {
  // One key per opened form: a double click or a retry after a lost answer pays once.
  const [key] = useState(newIdempotencyKey);
  const form = useOperationForm({
    operation: 'payStatutoryDues',
    initial: { amount: String(dues.owed), reference: '' },
    labels: { amount: 'Amount', reference: 'Challan or bank reference' },
    toBody: (v) => ({
      scheme: dues.scheme,
      month: apiMonth(dues),
      ...(v.amount.trim() ? { amount: typedNumber(v.amount) } : {}),
      reference: v.reference.trim(),
    }),
    send: (body) => payStatutoryDues(body, key),
    savedMessage: false,
    onSaved: (reply) => {
      const d = reply.data;
      toast.success(
        d.alreadyPaid
          ? `${SCHEME_LABEL[d.scheme]} for ${monthLabel(d)} was already paid (reference ${d.reference}).`
          : `Paid ${formatRupees(d.amount)} of ${SCHEME_LABEL[d.scheme]} for ${monthLabel(d)}, reference ${d.reference}.`,
      );
      onDone();
    },
  });
  return (
    <OperationForm
      form={form}
      label={`Pay ${SCHEME_LABEL[dues.scheme]} for ${monthLabel(dues)}`}
      submitLabel="Pay to the authority"
    >
      <NumberField
        {...form.text('amount')}
        prefix="₹"
        hint={`At most ${formatRupees(dues.owed)}; leave empty to pay the month's whole balance.`}
      />
      <TextField
        {...form.text('reference')}
        hint="The challan number or the bank's UTR: letters, digits and / _ . - only; at least 4 characters."
        autoComplete="off"
        fullWidth
      />
    </OperationForm>
  );
}
