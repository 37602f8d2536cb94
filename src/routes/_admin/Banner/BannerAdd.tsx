import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { HOME_BANNER } from '../../../api/banners';
import { FormPage } from '../-components/FormPage';
import { BannerForm } from './-components/BannerForm';

export const Route = createFileRoute('/_admin/Banner/BannerAdd')({
  head: () => ({ meta: [{ title: 'Add home banner · Doorstep' }] }),
  component: BannerAdd,
});

function BannerAdd() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add home banner"
      description="A slide of the home-page carousel: a picture (or a YouTube video) and the page a click leads to."
      list={{ to: '/Banner/BannerList', label: 'Banner list' }}
    >
      <BannerForm
        types={[HOME_BANNER]}
        target="path"
        youtube
        label="Add home banner"
        cancelTo="/Banner/BannerList"
        onAdded={() => navigate({ to: '/Banner/BannerList' })}
      />
    </FormPage>
  );
}
