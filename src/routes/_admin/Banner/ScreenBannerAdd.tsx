import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { isScreenBannerType, SCREEN_BANNER_TYPES } from '../../../api/banners';
import { FormPage } from '../-components/FormPage';
import { BannerForm } from './-components/BannerForm';

export const Route = createFileRoute('/_admin/Banner/ScreenBannerAdd')({
  head: () => ({ meta: [{ title: 'Add screen banner · Doorstep' }] }),
  component: ScreenBannerAdd,
});

function ScreenBannerAdd() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add screen banner"
      description="A banner for one of the other pages: services, sub-categories, service details, new launches, home improvement or customer services."
      list={{ to: '/Banner/ScreenBannerList', label: 'Screen banner list' }}
    >
      <BannerForm
        types={SCREEN_BANNER_TYPES}
        target="path"
        youtube
        label="Add screen banner"
        cancelTo="/Banner/ScreenBannerList"
        onAdded={(banner) =>
          navigate({
            to: '/Banner/ScreenBannerList',
            search: isScreenBannerType(banner.type) ? { type: banner.type } : {},
          })
        }
      />
    </FormPage>
  );
}
