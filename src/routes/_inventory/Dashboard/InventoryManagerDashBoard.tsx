import { createFileRoute } from '@tanstack/react-router';
import { RoleDashboard } from '../../-components/Dashboard';

export const Route = createFileRoute('/_inventory/Dashboard/InventoryManagerDashBoard')({
  component: () => <RoleDashboard title="Inventory manager dashboard" counts={true} />,
});
