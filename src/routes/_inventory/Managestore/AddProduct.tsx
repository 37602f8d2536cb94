import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../../_admin/-components/FormPage';
import { ProductForm } from '../../-components/products/ProductForm';

export const Route = createFileRoute('/_inventory/Managestore/AddProduct')({
  head: () => ({ meta: [{ title: 'Add product · Doorstep' }] }),
  component: AddProduct,
});

/** Manage Store: add a product with its opening stock (decision 028). */
function AddProduct() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add product"
      description="A product of the store that vendors can request. The price vendors pay is the MRP less the discount; the opening stock enters the stock ledger."
      list={{ to: '/Managestore/InventoryProductList', label: 'Product list' }}
    >
      <ProductForm
        cancelTo="/Managestore/InventoryProductList"
        onSaved={() => navigate({ to: '/Managestore/InventoryProductList' })}
      />
    </FormPage>
  );
}
