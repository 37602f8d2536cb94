import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_hr/Dashboard/HrDashboard')({
  head: () => ({ meta: [{ title: 'HR dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="HR dashboard" counts={true} />,
});
