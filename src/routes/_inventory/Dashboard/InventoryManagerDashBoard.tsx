import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_inventory/Dashboard/InventoryManagerDashBoard')({
  head: () => ({ meta: [{ title: 'Inventory manager dashboard · Doorstep' }] }),
  component: () => <RoleDashboard title="Inventory manager dashboard" counts={true} />,
});
