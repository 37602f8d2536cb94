import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_vendor/Dashboard/VendorDashboard')({
  head: () => ({ meta: [{ title: 'Vendor dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="Vendor dashboard" counts={false} />,
});
