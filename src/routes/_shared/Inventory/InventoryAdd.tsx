import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../../_admin/-components/FormPage';
import { ProductForm } from '../../-components/products/ProductForm';

// The shared group's inventory add: the store's add product form, for the admin (and the inventory
// manager); the server refuses other roles.
export const Route = createFileRoute('/_shared/Inventory/InventoryAdd')({
  head: () => ({ meta: [{ title: 'Add inventory · Doorstep' }] }),
  component: InventoryAdd,
});

function InventoryAdd() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add inventory"
      description="A product of the store that vendors can request, with its opening stock."
      list={{ to: '/Inventory/InventoryList', label: 'Inventory list' }}
    >
      <ProductForm cancelTo="/Inventory/InventoryList" onSaved={() => navigate({ to: '/Inventory/InventoryList' })} />
    </FormPage>
  );
}
