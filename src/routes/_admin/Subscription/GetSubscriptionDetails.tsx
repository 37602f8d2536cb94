import { createFileRoute, Link } from '@tanstack/react-router';
import {
  deletePlan,
  type PlanDeletedFilter,
  type PlanStatusFilter,
  plansPageQuery,
  type SubscriptionPlan,
  withdrawPlan,
} from '../../../api/subscriptions';
import { Badge, buttonClassName, formatDateTime, formatRupees } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { monthsText } from '../../-components/subscriptions/words';
import * as s from '../-components/admin.css';
import { DeleteAction } from '../-components/DeleteAction';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { StatusToggle } from '../-components/StatusToggle';
import { Thumbnail } from '../-components/Thumbnail';
import { UrlFilter } from '../-components/UrlFilter';
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
  const table = useServerTable((state) =>
    plansPageQuery({
      ...state,
      status: (status ?? 'all') as PlanStatusFilter,
      deleted: (deleted ?? 'N') as PlanDeletedFilter,
    }),
  );
  return (
    <StaffPage
      title="Subscription plans"
      description="Plans customers buy for a number of months, each with discounts on services. A plan that was bought is kept for its customers: deleting it withdraws it from sale."
      related={{ to: '/Subscription/DiscountMasterList', label: 'Discount master' }}
      add={{ to: '/Subscription/AddSubscriptionDetails', label: 'Add plan' }}
    >
      <DataTable
        {...table}
        caption="Subscription plans"
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search plans…"
        emptyMessage="No plans here. Add the first one."
        toolbar={
          <div className={s.filters}>
            <UrlFilter name="status" label="Sale" allLabel="On or off sale" options={STATUS_FILTERS} table={table} />
            <UrlFilter name="deleted" label="Deleted" allLabel="Not deleted" options={DELETED_FILTERS} table={table} />
          </div>
        }
      />
    </StaffPage>
  );
}
