import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { deletePlan, planQuery, type SubscriptionDiscount, withdrawPlan } from '../../../api/subscriptions';
import { Alert, Badge, buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { DataTable, DEFAULT_TABLE_STATE } from '../../../ui/DataTable';
import { LoadFailure } from '../../-components/Loaded';
import { discountColumns } from '../../-components/subscriptions/discountColumns';
import { PlanForm } from '../../-components/subscriptions/PlanForm';
import * as s from '../-components/admin.css';
import { DeleteAction } from '../-components/DeleteAction';
import { validateIdSearch } from '../-components/search';

export const Route = createFileRoute('/_admin/Subscription/UpdateSubscriptionDetails')({
  head: () => ({ meta: [{ title: 'Change subscription plan · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(planQuery(deps.id)).catch(() => null) : null,
  component: UpdatePlan,
});

const columns = discountColumns({ sortable: false, hide: ['plan'] });

/** Subscription Master update: the plan's details and its discounts per service. */
function UpdatePlan() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const query = useQuery(planQuery(id));
  const [table, setTable] = useState({ ...DEFAULT_TABLE_STATE, pageSize: 50 });
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  const plan = query.data;
  const rows: SubscriptionDiscount[] = plan?.discounts ?? [];
  const bought = (plan?.purchases ?? 0) > 0;
  return (
    <div className={s.page}>
      <PageHeader
        title={plan ? `Change ${plan.subscriptionName}` : 'Change subscription plan'}
        description={
          plan ? (
            plan.isDelete ? (
              <Badge tone="neutral">Deleted</Badge>
            ) : (
              <Badge tone={plan.status ? 'success' : 'warning'}>{plan.status ? 'On sale' : 'Off sale'}</Badge>
            )
          ) : undefined
        }
        actions={
          <>
            {plan && !plan.isDelete ? (
              <DeleteAction
                label={`Delete ${plan.subscriptionName}`}
                title={`Delete ${plan.subscriptionName}?`}
                message={
                  bought
                    ? 'It was bought, so it is withdrawn, not removed: it leaves the sale for good, and its customers keep it until it ends.'
                    : 'Nobody has bought it: it is removed with its discounts.'
                }
                onDelete={async () => {
                  const reply = bought ? await withdrawPlan(plan.id) : await deletePlan(plan.id);
                  void navigate({ to: '/Subscription/GetSubscriptionDetails' });
                  return reply;
                }}
                operation={bought ? 'softDeleteSubscriptionDetails' : 'deleteSubscriptionDetails'}
              />
            ) : null}
            <Link to="/Subscription/GetSubscriptionDetails" className={buttonClassName({ variant: 'secondary' })}>
              Plan list
            </Link>
          </>
        }
      />
      <LoadFailure query={query} />
      {plan?.isDelete ? (
        <Alert tone="info">
          This plan was deleted: it is kept for the customers who hold it and cannot be changed.
        </Alert>
      ) : null}
      {plan && !plan.isDelete ? (
        <Card title="Details">
          <PlanForm key={plan.id} plan={plan} onSaved={() => void query.refetch()} />
        </Card>
      ) : null}
      {plan ? (
        <Card
          title="Discounts per service"
          actions={
            plan.isDelete ? undefined : (
              <Link
                to="/Subscription/AddDiscountDetails"
                search={{ plan: plan.id }}
                className={buttonClassName({ size: 'sm' })}
              >
                Add discount
              </Link>
            )
          }
        >
          <DataTable
            caption={`Discounts of ${plan.subscriptionName}`}
            columns={columns}
            rows={rows.slice((table.page - 1) * table.pageSize, table.page * table.pageSize)}
            total={rows.length}
            state={table}
            onStateChange={setTable}
            rowKey={(d) => d.id}
            searchable={false}
            pageSizes={[50]}
            emptyMessage="No discounts yet: holders of this plan pay the usual prices."
          />
        </Card>
      ) : query.error ? null : (
        <EmptyState title="Plan not found" description="Choose a plan from the plan list." />
      )}
    </div>
  );
}
