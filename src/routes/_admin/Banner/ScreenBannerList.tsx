import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { isScreenBannerType, SCREEN_BANNER_TYPES, type ScreenBannerType } from '../../../api/banners';
import { buttonClassName, PageHeader } from '../../../ui';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { BannerList } from './-components/BannerList';

/** `/Banner/ScreenBannerList?type=NewLaunch`: the screen shown is in the URL, so it survives a reload. */
export const Route = createFileRoute('/_admin/Banner/ScreenBannerList')({
  head: () => ({ meta: [{ title: 'Screen banners · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): ListSearch & { type?: ScreenBannerType } => ({
    ...validateListSearch(search),
    ...(isScreenBannerType(search.type) ? { type: search.type } : {}),
  }),
  component: ScreenBannerList,
});

function ScreenBannerList() {
  const { type = SCREEN_BANNER_TYPES[0] } = Route.useSearch();
  const navigate = useNavigate({ from: '/Banner/ScreenBannerList' });
  return (
    <>
      <PageHeader
        title="Screen banners"
        description="Banners of the other pages, one screen at a time. Inactive banners stay listed but are not shown to visitors."
        actions={
          <Link to="/Banner/ScreenBannerAdd" className={buttonClassName()}>
            Add screen banner
          </Link>
        }
      />
      <BannerList
        key={type}
        caption="Screen banners"
        type={type}
        typeOptions={SCREEN_BANNER_TYPES}
        onTypeChange={(next) => navigate({ search: isScreenBannerType(next) ? { type: next } : {}, replace: true })}
        emptyMessage="No banners for this screen yet."
      />
    </>
  );
}
