// The accountant pays one employee's month: the amount and the employee to confirm, the bank transfer's reference to
// give. The button is busy while paying; the server pays once whatever happens (a second click, a retry, two
// accountants at once answer the same slip), and a company wallet that cannot cover it answers the shortfall, shown
// here as the server words it.
import { payEmployeeSalary } from '../../../api/payroll';
import { Dialog, formatRupees, toast } from '../../../ui';
import { TextField } from '../../../ui/form';
import { OperationForm, useOperationForm } from '../form';
import { apiMonth, monthLabel } from './search';
import type { SalaryCalculation } from './types';

export interface PayDialogProps {
  calc: SalaryCalculation;
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** A suggested reference: SAL-<year><month>-<employee>, which the accountant replaces with the bank's UTR. */
const suggestedReference = (c: SalaryCalculation) => `SAL-${c.year}${String(c.month).padStart(2, '0')}-${c.empId}`;

export function PayDialog({ calc, open, onOpenChange }: PayDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Pay ${calc.empName}?`}
      description={`${formatRupees(calc.net)} net pay for ${monthLabel(calc)}, from the company account wallet.`}
      size="sm"
    >
      {open ? <PayForm calc={calc} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function PayForm({ calc, onDone }: { calc: SalaryCalculation; onDone(): void }) {
  const form = useOperationForm({
    operation: 'payEmpSalary',
    initial: { bankReference: suggestedReference(calc) },
    labels: { bankReference: 'Bank reference (UTR)' },
    toBody: (v) => ({ bankReference: v.bankReference.trim() }),
    send: (body) => payEmployeeSalary(calc.empId, apiMonth(calc), body.bankReference),
    savedMessage: false,
    onSaved: (reply) => {
      const d = reply.data;
      toast.success(
        d.alreadyPaid
          ? `${d.empName} was already paid for ${monthLabel(d)} (reference ${d.bankReference}).`
          : `Paid ${formatRupees(d.net)} to ${d.empName} for ${monthLabel(d)}, reference ${d.bankReference}.`,
      );
      onDone();
    },
  });
  return (
    <OperationForm form={form} label={`Pay ${calc.empName}`} submitLabel={`Pay ${formatRupees(calc.net)}`}>
      <TextField
        {...form.text('bankReference')}
        hint="Letters, digits and / _ . - only; at least 4 characters."
        autoComplete="off"
        fullWidth
      />
    </OperationForm>
  );
}
