import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { discountsPageQuery, planQuery } from '../../../api/subscriptions';
import { buttonClassName, PageHeader } from '../../../ui';
import { DataTable } from '../../../ui/DataTable';
import { discountColumns } from '../../-components/subscriptions/discountColumns';
import { usePlanPicker } from '../../-components/subscriptions/pickers';
import * as s from '../-components/admin.css';
import { FilterSelect } from '../-components/FilterSelect';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { positiveId } from '../-components/search';
import { useServerTable } from '../-components/useServerTable';

type Search = ListSearch & { plan?: number };

export const Route = createFileRoute('/_admin/Subscription/DiscountMasterList')({
  head: () => ({ meta: [{ title: 'Discount master · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): Search => ({
    ...validateListSearch(search),
    plan: positiveId(search.plan),
  }),
  component: DiscountMasterList,
});

const columns = discountColumns({ sortable: true });

/** Discount master: every plan's discount on each service; by plan, or searched by plan or service. */
function DiscountMasterList() {
  const { plan } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const chosen = useQuery(planQuery(plan ?? 0));
  const picker = usePlanPicker(
    chosen.data ? { value: String(chosen.data.id), label: chosen.data.subscriptionName } : null,
  );
  const table = useServerTable((state) => discountsPageQuery({ ...state, subscriptionId: plan }));
  return (
    <div className={s.page}>
      <PageHeader
        title="Discount master"
        description="What each plan takes off a service at checkout, for the customers who hold it. Switched-off discounts are not given."
        actions={
          <>
            <Link to="/Subscription/DiscountDetailsForService" className={buttonClassName({ variant: 'secondary' })}>
              Discounts of a service
            </Link>
            <Link to="/Subscription/AddDiscountDetails" search={plan ? { plan } : {}} className={buttonClassName()}>
              Add discount
            </Link>
          </>
        }
      />
      <DataTable
        {...table}
        caption="Discounts per service"
        columns={columns}
        rowKey={(d) => d.id}
        searchPlaceholder="Search plans or services…"
        emptyMessage="No discounts here yet."
        toolbar={
          <div className={s.filters}>
            <FilterSelect
              label="Plan"
              allLabel="Every plan"
              value={plan ? String(plan) : ''}
              options={picker.options}
              search={picker.search}
              onChange={(value) => {
                table.onStateChange((st) => ({ ...st, page: 1 }));
                navigate({ search: (prev) => ({ ...prev, plan: positiveId(value) }), replace: true });
              }}
            />
          </div>
        }
      />
    </div>
  );
}
