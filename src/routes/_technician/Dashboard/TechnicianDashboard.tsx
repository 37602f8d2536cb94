import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_technician/Dashboard/TechnicianDashboard')({
  component: () => <RoleDashboard title="Technician dashboard" counts={false} />,
});
