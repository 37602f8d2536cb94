import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_calldesk/Dashboard/Calldashboard')({
  head: () => ({ meta: [{ title: 'Call desk dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="Call desk dashboard" counts={true} />,
});
