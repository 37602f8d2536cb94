import { Link } from '@tanstack/react-router';
import { type FeedbackRating, feedbackRatingsQuery } from '../../../api/ratings';
import { type Column, DataTable } from '../../../ui/DataTable';
import * as s from '../../_admin/-components/admin.css';
import { useServerTable } from '../../_admin/-components/useServerTable';
import { Stars } from './Stars';

const SORTS = new Set(['average', 'count', 'name']);

/** Count and average stars per professional or per service, best first; a row opens its ratings. */
export function FeedbackTable({ by }: { by: 'professional' | 'service' }) {
  const table = useServerTable<FeedbackRating>(
    (t) =>
      feedbackRatingsQuery({
        by,
        page: t.page,
        pageSize: t.pageSize,
        search: t.search,
        sort: t.sort && SORTS.has(t.sort) ? (t.sort as 'average' | 'count' | 'name') : undefined,
        order: t.order,
      }),
    { sort: 'average', order: 'desc' },
  );
  const who = by === 'professional' ? 'Professional' : 'Service';
  const columns: Column<FeedbackRating>[] = [
    {
      key: 'name',
      header: who,
      sortable: true,
      render: (r) => (
        <Link
          to="/Rating/RatingDetails"
          search={
            by === 'professional'
              ? { professionalId: r.id, professionalName: r.name }
              : { serviceId: r.id, serviceName: r.name }
          }
          aria-label={`Ratings of ${r.name}`}
        >
          <bdi>{r.name}</bdi>
        </Link>
      ),
    },
    {
      key: 'detail',
      header: by === 'professional' ? 'Mobile' : 'Sub-category',
      render: (r) => (r.detail ? <bdi className={s.nowrap}>{r.detail}</bdi> : '—'),
    },
    {
      key: 'average',
      header: 'Average',
      sortable: true,
      render: (r) => (
        <span className={s.nowrap}>
          <Stars value={r.average} /> {r.average.toFixed(1)}
        </span>
      ),
    },
    { key: 'count', header: 'Ratings', sortable: true, align: 'end', render: (r) => r.count.toLocaleString('en-IN') },
  ];
  return (
    <DataTable
      {...table}
      caption={by === 'professional' ? 'Ratings per professional' : 'Ratings per service'}
      columns={columns}
      rowKey={(r) => r.id}
      searchPlaceholder={by === 'professional' ? 'Name or mobile…' : 'Service or sub-category…'}
      emptyMessage={table.state.search ? undefined : `No ${by} has been rated yet.`}
    />
  );
}
