import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { isScreenBannerType, SCREEN_BANNER_TYPES } from '../../../api/banners';
import { buttonClassName, Card, PageHeader } from '../../../ui';
import { BannerForm } from './-components/BannerForm';

export const Route = createFileRoute('/_admin/Banner/ScreenBannerAdd')({
  head: () => ({ meta: [{ title: 'Add screen banner · Doorstep' }] }),
  component: ScreenBannerAdd,
});

function ScreenBannerAdd() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Add screen banner"
        description="A banner for one of the other pages: services, sub-categories, service details, new launches, home improvement or customer services."
        actions={
          <Link to="/Banner/ScreenBannerList" className={buttonClassName({ variant: 'secondary' })}>
            Screen banner list
          </Link>
        }
      />
      <Card>
        <BannerForm
          types={SCREEN_BANNER_TYPES}
          target="path"
          youtube
          label="Add screen banner"
          secondaryAction={
            <Link to="/Banner/ScreenBannerList" className={buttonClassName({ variant: 'ghost' })}>
              Cancel
            </Link>
          }
          onAdded={(banner) =>
            navigate({
              to: '/Banner/ScreenBannerList',
              search: isScreenBannerType(banner.type) ? { type: banner.type } : {},
            })
          }
        />
      </Card>
    </>
  );
}
