import { createFileRoute, Link } from '@tanstack/react-router';
import { deleteHomeScreenAd, type HomeScreenAd, homeScreenAdsQuery } from '../../../api/homeScreenAds';
import { formatDateTime } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import * as a from '../../-components/advertisements/advertisements.css';
import { ExcelDownloadButton } from '../../-components/advertisements/ExcelDownloadButton';
import * as s from '../-components/admin.css';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { actionsColumn } from '../-components/rowColumns';
import { StaffPage } from '../-components/StaffPage';
import { StatusToggle } from '../-components/StatusToggle';
import { UrlFilter } from '../-components/UrlFilter';
import { useServerTable } from '../-components/useServerTable';

type StatusFilter = 'active' | 'inactive';

export const Route = createFileRoute('/_admin/Advertisement/AdvertisementList')({
  head: () => ({ meta: [{ title: 'Advertisements · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch & { status?: StatusFilter } => ({
    ...validateListSearch(raw),
    status: raw.status === 'active' || raw.status === 'inactive' ? raw.status : undefined,
  }),
  component: AdvertisementList,
});

const FILTERS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const nameOf = (ad: HomeScreenAd) => `advertisement #${ad.id}`;

const columns: Column<HomeScreenAd>[] = [
  {
    key: 'imageUrl',
    header: 'Picture',
    width: '140px',
    render: (ad) =>
      ad.imageUrl ? (
        <img
          className={a.thumb}
          src={ad.imageUrl}
          alt={`Advertisement #${ad.id}`}
          loading="lazy"
          width={120}
          height={60}
        />
      ) : (
        <span className={a.muted}>No picture</span>
      ),
  },
  {
    key: 'description',
    header: 'Advertisement',
    render: (ad) => (
      <>
        <span dir="auto">{ad.description}</span>
        {ad.discountDesc ? (
          <span className={s.cellNote} dir="auto">
            {ad.discountDesc}
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: 'createDate',
    header: 'Added',
    render: (ad) => (
      <>
        {formatDateTime(ad.createDate)}
        {ad.addedByName ? <span className={s.cellNote}>by {ad.addedByName}</span> : null}
      </>
    ),
  },
  {
    key: 'status',
    header: 'Active',
    render: (ad) => (
      <StatusToggle kind="HomeScreenAdvs" id={ad.id} active={ad.status} label={`Active: ${nameOf(ad)}`} />
    ),
  },
  actionsColumn({
    nameOf,
    editLink: (ad, props) => <Link to="/Advertisement/UpdateAdvertisement" search={{ id: ad.id }} {...props} />,
    deleteMessage:
      'The advertisement leaves the home page and every list. To take it off the home page for a while, switch it off instead.',
    onDelete: (ad) => deleteHomeScreenAd(ad.id),
    operation: 'homeScreenAdvsDelete',
  }),
];

/** /Advertisement/AdvertisementList (admin): every advertisement, newest first, with the Excel download. */
function AdvertisementList() {
  const { status } = Route.useSearch();
  const table = useServerTable((st) => ({
    ...homeScreenAdsQuery(
      'AD',
      { page: st.page, pageSize: st.pageSize, search: st.search.trim() || undefined, status: status ?? 'all' },
      true,
    ),
  }));
  return (
    <StaffPage
      title="Advertisements"
      description="The home page's offers row shows the active ones, newest first. Switch one off to take it off the home page."
      actions={<ExcelDownloadButton advType="AD" />}
      add={{ to: '/Advertisement/AddAdvertisement', label: 'Add advertisement' }}
    >
      <DataTable
        {...table}
        caption="Advertisements"
        columns={columns}
        rowKey={(ad) => ad.id}
        searchPlaceholder="Search advertisements…"
        emptyMessage="No advertisements yet. Add the first one."
        toolbar={
          <div className={s.filters}>
            <UrlFilter name="status" label="Status" allLabel="All advertisements" options={FILTERS} table={table} />
          </div>
        }
      />
    </StaffPage>
  );
}
