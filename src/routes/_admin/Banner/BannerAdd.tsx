import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { HOME_BANNER } from '../../../api/banners';
import { buttonClassName, Card, PageHeader } from '../../../ui';
import { BannerForm } from './-components/BannerForm';

export const Route = createFileRoute('/_admin/Banner/BannerAdd')({
  head: () => ({ meta: [{ title: 'Add home banner · Doorstep' }] }),
  component: BannerAdd,
});

function BannerAdd() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Add home banner"
        description="A slide of the home-page carousel: a picture (or a YouTube video) and the page a click leads to."
        actions={
          <Link to="/Banner/BannerList" className={buttonClassName({ variant: 'secondary' })}>
            Banner list
          </Link>
        }
      />
      <Card>
        <BannerForm
          types={[HOME_BANNER]}
          target="path"
          youtube
          label="Add home banner"
          secondaryAction={
            <Link to="/Banner/BannerList" className={buttonClassName({ variant: 'ghost' })}>
              Cancel
            </Link>
          }
          onAdded={() => navigate({ to: '/Banner/BannerList' })}
        />
      </Card>
    </>
  );
}
