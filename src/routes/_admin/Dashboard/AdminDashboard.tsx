import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_admin/Dashboard/AdminDashboard')({
  component: () => <RoleDashboard title="Admin dashboard" counts={true} />,
});
