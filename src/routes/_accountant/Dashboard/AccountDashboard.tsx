import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_accountant/Dashboard/AccountDashboard')({
  head: () => ({ meta: [{ title: 'Accounts dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="Accounts dashboard" counts={true} />,
});
