// One list for the three banner flavours (home, other screens, service banners); the differences are props.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  BANNER_SCREEN_LABELS,
  type Banner,
  type BannerType,
  bannersPageQuery,
  deleteBanner,
} from '../../../../api/banners';
import { serviceQuery } from '../../../../api/catalogue';
import { formatDateTime, srOnly } from '../../../../ui';
import { type Column, DataTable } from '../../../../ui/DataTable';
import { control } from '../../../../ui/form/form.css';
import { DeleteAction } from '../../-components/DeleteAction';
import { useServerTable } from '../../-components/useServerTable';
import * as s from './BannerList.css';
import { BannerStatusSwitch } from './BannerStatusSwitch';

export interface BannerListProps {
  caption: string;
  /** The screen listed. */
  type: BannerType;
  /** When given, a "Screen" filter offers these types and reports the choice. */
  typeOptions?: readonly BannerType[];
  onTypeChange?(type: BannerType): void;
  /** Show which service each banner belongs to (service banners). */
  serviceColumn?: boolean;
  /** Show the YouTube link column (home and screen banners); true unless told. */
  youtubeColumn?: boolean;
  emptyMessage?: string;
}

const bannerName = (b: Banner) => `banner #${b.id}${b.path ? ` (${b.path})` : ''}`;

/** The service a banner belongs to; the banner row carries only its id. */
function ServiceName({ id }: { id: number }) {
  const service = useQuery(serviceQuery(id));
  if (service.data) return <>{service.data.heading}</>;
  if (service.isError) return <span className={s.muted}>Service #{id}</span>;
  return <span className={s.muted}>…</span>;
}

export function BannerList({
  caption,
  type,
  typeOptions,
  onTypeChange,
  serviceColumn,
  youtubeColumn = true,
  emptyMessage,
}: BannerListProps) {
  const filterId = useId();
  // Newest first, so a banner just added is on the first page.
  const table = useServerTable<Banner>((state) => bannersPageQuery({ ...state, type }), {
    sort: 'createdAt',
    order: 'desc',
  });

  const columns: Column<Banner>[] = [
    {
      key: 'imageUrl',
      header: 'Image',
      width: '180px',
      render: (b) =>
        b.imageUrl ? (
          <img className={s.thumb} src={b.imageUrl} alt={`Banner #${b.id}`} loading="lazy" width={160} height={60} />
        ) : (
          <span className={s.noImage}>Video only</span>
        ),
    },
    ...(serviceColumn
      ? [
          {
            key: 'serviceId',
            header: 'Service',
            render: (b: Banner) => (b.serviceId ? <ServiceName id={b.serviceId} /> : '—'),
          },
        ]
      : []),
    {
      key: 'path',
      header: 'Link to',
      render: (b) =>
        b.path ? (
          <a className={s.path} href={b.path} target="_blank" rel="noopener">
            {b.path}
            <span className={srOnly}> (opens in a new tab)</span>
          </a>
        ) : (
          <span className={s.muted}>No link</span>
        ),
    },
    ...(youtubeColumn
      ? [
          {
            key: 'youtubeLink',
            header: 'YouTube',
            render: (b: Banner) =>
              b.youtubeLink ? (
                <a href={b.youtubeLink} target="_blank" rel="noopener noreferrer" className={s.path}>
                  {b.youtubeLink.replace(/^https:\/\/(www\.)?/, '')}
                  <span className={srOnly}> (opens YouTube in a new tab)</span>
                </a>
              ) : (
                <span className={s.muted}>—</span>
              ),
          },
        ]
      : []),
    { key: 'createdAt', header: 'Added', sortable: true, render: (b) => formatDateTime(b.createdAt) },
    {
      key: 'status',
      header: 'Status',
      render: (b) => <BannerStatusSwitch id={b.id} status={b.status} label={`Active: ${bannerName(b)}`} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (b) => (
        <div className={s.actions}>
          <DeleteAction
            label={`Delete ${bannerName(b)}`}
            title="Delete this banner?"
            message={`The ${BANNER_SCREEN_LABELS[b.type].toLowerCase()} banner${b.path ? ` linking to ${b.path}` : ''} and its picture will be deleted. To take it off the screen for a while, switch it to inactive instead.`}
            onDelete={() => deleteBanner(b.id)}
            operation="deleteBanner"
          />
        </div>
      ),
    },
  ];

  const filter =
    typeOptions && onTypeChange ? (
      <div className={s.filter}>
        <label htmlFor={filterId} className={s.filterLabel}>
          Screen
        </label>
        <select
          id={filterId}
          className={`${control} ${s.filterSelect}`}
          value={type}
          onChange={(e) => {
            onTypeChange(e.target.value as BannerType);
            table.onStateChange((st) => ({ ...st, page: 1 }));
          }}
        >
          {typeOptions.map((t) => (
            <option key={t} value={t}>
              {BANNER_SCREEN_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
    ) : undefined;

  return (
    <div className={s.noSearch}>
      <DataTable
        {...table}
        caption={caption}
        columns={columns}
        rowKey={(b) => b.id}
        toolbar={filter}
        emptyMessage={emptyMessage ?? 'No banners here yet.'}
      />
    </div>
  );
}
