import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_vendor/Dashboard/VendorDashboard')({
  component: () => <RoleDashboard title="Vendor dashboard" counts={false} />,
});
