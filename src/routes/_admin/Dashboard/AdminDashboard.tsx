import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_admin/Dashboard/AdminDashboard')({
  head: () => ({ meta: [{ title: 'Admin dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="Admin dashboard" counts={true} />,
});
