import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import {
  deletePlan,
  type PlanDeletedFilter,
  type PlanStatusFilter,
  plansPageQuery,
  type SubscriptionPlan,
  withdrawPlan,
} from '../../../api/subscriptions';
import { Badge, buttonClassName, formatDateTime, formatRupees, PageHeader } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { monthsText } from '../../-components/subscriptions/words';
import * as s from '../-components/admin.css';
import { DeleteAction } from '../-components/DeleteAction';
import { FilterSelect } from '../-components/FilterSelect';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StatusToggle } from '../-components/StatusToggle';
import { Thumbnail } from '../-components/Thumbnail';
import { useServerTable } from '../-components/useServerTable';

type Search = ListSearch & { status?: 'active' | 'inactive'; deleted?: 'Y' | 'all' };

export const Route = createFileRoute('/_admin/Subscription/GetSubscriptionDetails')({
  head: () => ({ meta: [{ title: 'Subscription plans · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): Search => ({
    ...validateListSearch(search),
    status: search.status === 'active' || search.status === 'inactive' ? search.status : undefined,
    deleted: search.deleted === 'Y' || search.deleted === 'all' ? search.deleted : undefined,
  }),
  component: PlanList,
});

const STATUS_FILTERS = [
  { value: 'active', label: 'On sale' },
  { value: 'inactive', label: 'Off sale' },
];
const DELETED_FILTERS = [
  { value: 'Y', label: 'Deleted plans' },
  { value: 'all', label: 'Deleted or not' },
];

/** A plan nobody bought is removed; one that was bought is withdrawn (kept for its customers). */
function DeletePlan({ plan }: { plan: SubscriptionPlan }) {
  if (plan.isDelete) return null;
  const bought = (plan.purchases ?? 0) > 0;
  return bought ? (
    <DeleteAction
      label={`Delete ${plan.subscriptionName}`}
      title={`Delete ${plan.subscriptionName}?`}
      message={`It was bought ${plan.purchases === 1 ? 'once' : `${plan.purchases} times`}, so it is withdrawn, not removed: it leaves the sale for good, and customers who hold it keep it and its discounts until it ends.`}
      onDelete={() => withdrawPlan(plan.id)}
      operation="softDeleteSubscriptionDetails"
    />
  ) : (
    <DeleteAction
      label={`Delete ${plan.subscriptionName}`}
      title={`Delete ${plan.subscriptionName}?`}
      message="Nobody has bought it: it is removed with its discounts."
      onDelete={() => deletePlan(plan.id)}
      operation="deleteSubscriptionDetails"
    />
  );
}

const columns: Column<SubscriptionPlan>[] = [
  {
    key: 'image',
    header: 'Picture',
    width: '72px',
    render: (p) => <Thumbnail src={p.imageUrl} alt={p.subscriptionName} />,
  },
  {
    key: 'subscriptionName',
    header: 'Plan',
    sortable: true,
    render: (p) => (
      <>
        <bdi>{p.subscriptionName}</bdi>
        <span className={s.cellNote}>
          {p.discounts.length === 0
            ? 'No discounts yet'
            : p.discounts.length === 1
              ? '1 service discount'
              : `${p.discounts.length} service discounts`}
        </span>
      </>
    ),
  },
  {
    key: 'durationInMonths',
    header: 'Duration',
    sortable: true,
    render: (p) => <span className={s.nowrap}>{monthsText(p.durationInMonths)}</span>,
  },
  {
    key: 'price',
    header: 'Price',
    sortable: true,
    align: 'end',
    render: (p) => <strong className={s.nowrap}>{formatRupees(p.price)}</strong>,
  },
  { key: 'purchases', header: 'Bought', align: 'end', render: (p) => p.purchases ?? 0 },
  {
    key: 'status',
    header: 'On sale',
    render: (p) =>
      p.isDelete ? (
        <Badge tone="neutral">Deleted</Badge>
      ) : (
        <StatusToggle kind="Subscription" id={p.id} active={p.status} label={`On sale: ${p.subscriptionName}`} />
      ),
  },
  { key: 'createdAt', header: 'Added', sortable: true, render: (p) => formatDateTime(p.createdAt) },
  {
    key: 'actions',
    header: 'Actions',
    render: (p) => (
      <div className={s.rowActions}>
        {p.isDelete ? null : (
          <Link
            to="/Subscription/UpdateSubscriptionDetails"
            search={{ id: p.id }}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            aria-label={`Edit ${p.subscriptionName}`}
          >
            Edit
          </Link>
        )}
        <Link
          to="/Subscription/DiscountMasterList"
          search={{ plan: p.id }}
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          aria-label={`Discounts of ${p.subscriptionName}`}
        >
          Discounts
        </Link>
        <DeletePlan plan={p} />
      </div>
    ),
  },
];

/** Subscription Master: every plan with its price, months, discounts, sales and whether it is on sale. */
function PlanList() {
  const { status, deleted } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const table = useServerTable((state) =>
    plansPageQuery({
      ...state,
      status: (status ?? 'all') as PlanStatusFilter,
      deleted: (deleted ?? 'N') as PlanDeletedFilter,
    }),
  );
  const filter = (key: 'status' | 'deleted', value: string) => {
    table.onStateChange((st) => ({ ...st, page: 1 }));
    navigate({ search: (prev) => ({ ...prev, [key]: value || undefined }), replace: true });
  };
  return (
    <div className={s.page}>
      <PageHeader
        title="Subscription plans"
        description="Plans customers buy for a number of months, each with discounts on services. A plan that was bought is kept for its customers: deleting it withdraws it from sale."
        actions={
          <>
            <Link to="/Subscription/DiscountMasterList" className={buttonClassName({ variant: 'secondary' })}>
              Discount master
            </Link>
            <Link to="/Subscription/AddSubscriptionDetails" className={buttonClassName()}>
              Add plan
            </Link>
          </>
        }
      />
      <DataTable
        {...table}
        caption="Subscription plans"
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search plans…"
        emptyMessage="No plans here. Add the first one."
        toolbar={
          <div className={s.filters}>
            <FilterSelect
              label="Sale"
              allLabel="On or off sale"
              value={status ?? ''}
              options={STATUS_FILTERS}
              onChange={(value) => filter('status', value)}
            />
            <FilterSelect
              label="Deleted"
              allLabel="Not deleted"
              value={deleted ?? ''}
              options={DELETED_FILTERS}
              onChange={(value) => filter('deleted', value)}
            />
          </div>
        }
      />
    </div>
  );
}
