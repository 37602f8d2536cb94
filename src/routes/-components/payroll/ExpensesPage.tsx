// HR's expenses disbursed: record an expense with its receipt, and follow every expense to its payment.
import { Card, PageHeader } from '../../../ui';
import { AddExpenseForm, ExpenseList } from './ExpenseList';
import * as s from './payroll.css';

export function ExpensesDisbursedPage() {
  return (
    <div className={s.page}>
      <PageHeader
        title="Expenses disbursed"
        description="Expenses paid out by employees, with their receipts. The accountant approves each; it is paid with the next salary or at once."
      />
      <Card title="Record an expense">
        <AddExpenseForm />
      </Card>
      <ExpenseList viewer="HR" />
    </div>
  );
}
