import { createFileRoute } from '@tanstack/react-router';
import { ExpensesDisbursedPage } from '../../-components/payroll/ExpensesPage';
import { validateExpensesSearch } from '../../-components/payroll/search';

// HR records employees' expenses with their receipts and follows them to payment (decision 034).
export const Route = createFileRoute('/_hr/PayModule/ExpensesDisbursed')({
  head: () => ({ meta: [{ title: 'Expenses disbursed · Doorstep' }] }),
  validateSearch: validateExpensesSearch,
  component: ExpensesDisbursedPage,
});
