import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_technician/Dashboard/TechnicianDashboard')({
  head: () => ({ meta: [{ title: 'Technician dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="Technician dashboard" counts={false} />,
});
