import { createFileRoute, Link } from '@tanstack/react-router';
import { HOME_BANNER } from '../../../api/banners';
import { buttonClassName, PageHeader } from '../../../ui';
import { validateListSearch } from '../-components/listSearch';
import { BannerList } from './-components/BannerList';

export const Route = createFileRoute('/_admin/Banner/BannerList')({
  head: () => ({ meta: [{ title: 'Home banners · Doorstep' }] }),
  validateSearch: validateListSearch,
  component: HomeBannerList,
});

function HomeBannerList() {
  return (
    <>
      <PageHeader
        title="Home banners"
        description="The slides of the home-page carousel. Inactive banners stay listed but are not shown to visitors."
        actions={
          <Link to="/Banner/BannerAdd" className={buttonClassName()}>
            Add banner
          </Link>
        }
      />
      <BannerList caption="Home banners" type={HOME_BANNER} emptyMessage="No home banners yet. Add the first one." />
    </>
  );
}
