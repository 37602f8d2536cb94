import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { hideReview, type RatingEntry, ratingDetailsQuery, unhideReview } from '../../../api/ratings';
import { Badge, Button, Dialog, formatDateTime, toast } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { Form, FormActions, FormErrorSummary, TextArea } from '../../../ui/form';
import * as s from '../../_admin/-components/admin.css';
import { FilterSelect } from '../../_admin/-components/FilterSelect';
import { useListFilter, useServerTable } from '../../_admin/-components/useServerTable';
import { useOperationForm } from '../form';
import { type RatingSearch, ratingFilters, validateRatingSearch } from './ratingSearch';
import { Stars } from './Stars';

export interface RatingsTableProps {
  caption: string;
  /** The admin's list: rows link to filters and carry Hide / Show again. */
  admin: boolean;
  emptyMessage: string;
}

/**
 * Every rating the caller may see, newest first, with the filters of the URL (stars, visibility, professional,
 * service). A professional's list is their own (the server decides); the admin's rows can hide an abusive review.
 */
export function RatingsTable({ caption, admin, emptyMessage }: RatingsTableProps) {
  const search = validateRatingSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const filters = ratingFilters(search);
  const table = useServerTable<RatingEntry>((t) => ratingDetailsQuery({ ...t, ...filters }));
  const [hiding, setHiding] = useState<RatingEntry | null>(null);
  const set = useListFilter<RatingSearch>();

  const columns: Column<RatingEntry>[] = [
    {
      key: 'ratedAt',
      header: 'Rated',
      render: (r) => <span className={s.nowrap}>{r.ratedAt ? formatDateTime(r.ratedAt) : '—'}</span>,
    },
    { key: 'rating', header: 'Stars', render: (r) => <Stars value={r.rating} /> },
    {
      key: 'review',
      header: 'Review',
      render: (r) =>
        r.reviewHidden ? (
          <span>
            <Badge tone="warning">Hidden</Badge>{' '}
            {r.review ? (
              <del style={{ overflowWrap: 'anywhere' }}>
                <bdi>{r.review}</bdi>
              </del>
            ) : null}
            {r.reviewHiddenReason ? (
              <span className={s.muted}>
                {' '}
                Reason: <bdi>{r.reviewHiddenReason}</bdi>
                {r.reviewHiddenByName ? ` (${r.reviewHiddenByName})` : ''}
              </span>
            ) : null}
          </span>
        ) : r.review ? (
          <bdi style={{ overflowWrap: 'anywhere' }}>{r.review}</bdi>
        ) : (
          <span className={s.muted}>No review text</span>
        ),
    },
    {
      key: 'serviceName',
      header: 'Service',
      render: (r) =>
        admin ? (
          <Link
            to="."
            search={(prev: Record<string, unknown>) => ({
              ...prev,
              serviceId: r.serviceId,
              serviceName: r.serviceName,
              page: undefined,
            })}
          >
            <bdi>{r.serviceName}</bdi>
          </Link>
        ) : (
          <bdi>{r.serviceName}</bdi>
        ),
    },
    {
      key: 'professionalName',
      header: 'Professional',
      render: (r) =>
        !r.professionalId || !r.professionalName ? (
          '—'
        ) : admin ? (
          <Link
            to="."
            search={(prev: Record<string, unknown>) => ({
              ...prev,
              professionalId: r.professionalId ?? undefined,
              professionalName: r.professionalName ?? undefined,
              page: undefined,
            })}
          >
            <bdi>{r.professionalName}</bdi>
          </Link>
        ) : (
          <bdi>{r.professionalName}</bdi>
        ),
    },
    {
      key: 'customerName',
      header: 'Customer',
      render: (r) => (
        <>
          <bdi>{r.customerName}</bdi>
          {r.customerMobileNo ? <span className={s.nowrap}> {r.customerMobileNo}</span> : null}
        </>
      ),
    },
    { key: 'orderId', header: 'Order', render: (r) => <span className={s.nowrap}>#{r.orderId}</span> },
  ];
  if (admin) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (r) =>
        r.reviewHidden ? (
          <ShowAgain row={r} />
        ) : r.review ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setHiding(r)}
            aria-label={`Hide review of ${r.customerName} on ${r.serviceName}`}
          >
            Hide review
          </Button>
        ) : null,
    });
  }

  return (
    <>
      <DataTable
        {...table}
        caption={caption}
        columns={columns}
        rowKey={(r) => r.lineId}
        searchPlaceholder="Review, service, customer or professional…"
        emptyMessage={
          table.state.search || Object.values(filters).some((v) => v !== undefined) ? undefined : emptyMessage
        }
        toolbar={
          <div className={s.filters}>
            <FilterSelect
              label="Stars"
              allLabel="Any stars"
              value={search.stars ? String(search.stars) : ''}
              options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} star${n === 1 ? '' : 's'}` }))}
              onChange={(v) => set({ stars: v ? Number(v) : undefined })}
            />
            <FilterSelect
              label="Review"
              allLabel="Shown and hidden"
              value={search.hidden ?? ''}
              options={[
                { value: 'no', label: 'Shown' },
                { value: 'yes', label: 'Hidden' },
              ]}
              onChange={(v) => set({ hidden: v === 'yes' || v === 'no' ? v : undefined })}
            />
            {search.professionalId ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => set({ professionalId: undefined, professionalName: undefined })}
              >
                Professional: {search.professionalName ?? `#${search.professionalId}`} ✕
              </Button>
            ) : null}
            {search.serviceId ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => set({ serviceId: undefined, serviceName: undefined })}
              >
                Service: {search.serviceName ?? `#${search.serviceId}`} ✕
              </Button>
            ) : null}
          </div>
        }
      />
      {hiding ? <HideDialog row={hiding} onClose={() => setHiding(null)} /> : null}
    </>
  );
}

function ShowAgain({ row }: { row: RatingEntry }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => unhideReview(row.lineId),
    onSuccess: async (reply) => {
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'unhideReview');
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <Button
      size="sm"
      variant="ghost"
      loading={mutation.isPending}
      onClick={() => mutation.mutate()}
      aria-label={`Show again the review of ${row.customerName} on ${row.serviceName}`}
    >
      Show again
    </Button>
  );
}

function HideDialog({ row, onClose }: { row: RatingEntry; onClose(): void }) {
  const form = useOperationForm({
    operation: 'hideReview',
    initial: { Reason: '' },
    labels: { Reason: 'Reason' },
    toBody: (v) => ({ Reason: v.Reason.trim() }),
    send: (body) => hideReview(row.lineId, body),
    onSaved: () => onClose(),
  });
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      size="lg"
      title="Hide this review"
      description={`${row.customerName} on ${row.serviceName}, order #${row.orderId}. Its text leaves the service page; its stars still count.`}
    >
      <blockquote style={{ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dir="auto">
        {row.review}
      </blockquote>
      <Form onSubmit={form.submit} aria-label="Hide the review">
        <FormErrorSummary errors={form.errors} />
        <TextArea {...form.text('Reason')} rows={3} hint="Why the review is hidden: kept in the log." fullWidth />
        <FormActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.busy}>
            Hide review
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
