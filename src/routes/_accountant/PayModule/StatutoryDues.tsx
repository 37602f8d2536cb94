import { createFileRoute } from '@tanstack/react-router';
import { StatutoryDuesPage } from '../../-components/payroll/StatutoryDuesPage';

// The accountant's EPF, ESI and PT dues per salary month, paying them to the authorities (decision 056).
export const Route = createFileRoute('/_accountant/PayModule/StatutoryDues')({
  head: () => ({ meta: [{ title: 'Statutory dues · Doorstep' }] }),
  component: StatutoryDuesPage,
});
