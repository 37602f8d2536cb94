import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_marketing/Dashboard/MarketingDashboard')({
  head: () => ({ meta: [{ title: 'Marketing dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="Marketing dashboard" counts={true} />,
});
