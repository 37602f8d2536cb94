import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_calldesk/Dashboard/Calldashboard')({
  component: () => <RoleDashboard title="Call desk dashboard" counts={true} />,
});
