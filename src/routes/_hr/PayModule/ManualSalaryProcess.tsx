import { createFileRoute } from '@tanstack/react-router';
import { ManualSalaryProcessPage } from '../../-components/payroll/PayRunPanel';
import { validateRunSearch } from '../../-components/payroll/search';

// The month's salary run for everyone, with its progress (decision 034).
export const Route = createFileRoute('/_hr/PayModule/ManualSalaryProcess')({
  head: () => ({ meta: [{ title: 'Manual salary process · Doorstep' }] }),
  validateSearch: validateRunSearch,
  component: ManualSalaryProcessPage,
});
