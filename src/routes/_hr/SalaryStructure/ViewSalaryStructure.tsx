import { createFileRoute } from '@tanstack/react-router';
import { StructurePage } from '../../-components/payroll/StructurePage';
import { validateStructureSearch } from '../../-components/payroll/search';

// View and set employees' salary structures (decision 034).
export const Route = createFileRoute('/_hr/SalaryStructure/ViewSalaryStructure')({
  head: () => ({ meta: [{ title: 'Salary structures · Doorstep' }] }),
  validateSearch: validateStructureSearch,
  component: StructurePage,
});
