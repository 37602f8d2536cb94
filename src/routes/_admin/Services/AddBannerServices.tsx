import { createFileRoute } from '@tanstack/react-router';
import { SERVICE_BANNER } from '../../../api/banners';
import { Card, PageHeader } from '../../../ui';
import { BannerForm } from '../Banner/-components/BannerForm';
import { BannerList } from '../Banner/-components/BannerList';

export const Route = createFileRoute('/_admin/Services/AddBannerServices')({
  head: () => ({ meta: [{ title: 'Service banners · Doorstep' }] }),
  component: AddBannerServices,
});

/** Service banners: add one (category → sub-category → service, then the picture), and the list below. */
function AddBannerServices() {
  return (
    <>
      <PageHeader
        title="Service banners"
        description="A banner of one service opens that service's page. Add one here; all service banners are listed below."
      />
      <Card title="Add a service banner">
        <BannerForm types={[SERVICE_BANNER]} target="service" label="Add service banner" />
      </Card>
      <section aria-labelledby="service-banners-heading" style={{ marginBlockStart: '24px' }}>
        <h2 id="service-banners-heading">Service banners</h2>
        <BannerList
          caption="Service banners"
          type={SERVICE_BANNER}
          serviceColumn
          youtubeColumn={false}
          emptyMessage="No service banners yet. Add the first one above."
        />
      </section>
    </>
  );
}
