import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PackageForm } from '../../-components/packages/PackageForm';
import { FormPage } from '../-components/FormPage';

export const Route = createFileRoute('/_admin/Packages/AddPackage')({
  head: () => ({ meta: [{ title: 'Add package · Doorstep' }] }),
  component: AddPackage,
});

/** Packages add: the package first, then its services on the special offers screen. */
function AddPackage() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add package"
      description="Services sold together at one price before GST. After saving, choose the services it includes."
      list={{ to: '/Packages/PackageList', label: 'Package list' }}
    >
      <PackageForm onSaved={(pkg) => navigate({ to: '/Packages/AddSpecialOffer', search: { id: pkg.id } })} />
    </FormPage>
  );
}
