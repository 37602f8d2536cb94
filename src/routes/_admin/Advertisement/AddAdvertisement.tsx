import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AdvertisementForm } from '../../-components/advertisements/AdvertisementForm';
import { FormPage } from '../-components/FormPage';

export const Route = createFileRoute('/_admin/Advertisement/AddAdvertisement')({
  head: () => ({ meta: [{ title: 'Add advertisement · Doorstep' }] }),
  component: AddAdvertisement,
});

/** /Advertisement/AddAdvertisement (admin): an advertisement for the home page's offers row. */
function AddAdvertisement() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add advertisement"
      description="Shown in the home page's offers row while it is active: a picture, a description and the offer in a few words."
      list={{ to: '/Advertisement/AdvertisementList', label: 'Advertisement list' }}
    >
      <AdvertisementForm onSaved={() => navigate({ to: '/Advertisement/AdvertisementList' })} />
    </FormPage>
  );
}
