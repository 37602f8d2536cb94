import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { discountsPageQuery, planQuery } from '../../../api/subscriptions';
import { DataTable } from '../../../ui/DataTable';
import { discountColumns } from '../../-components/subscriptions/discountColumns';
import { usePlanPicker } from '../../-components/subscriptions/pickers';
import * as s from '../-components/admin.css';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { positiveId } from '../-components/search';
import { UrlFilter } from '../-components/UrlFilter';
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
  const chosen = useQuery(planQuery(plan ?? 0));
  const picker = usePlanPicker(
    chosen.data ? { value: String(chosen.data.id), label: chosen.data.subscriptionName } : null,
  );
  const table = useServerTable((state) => discountsPageQuery({ ...state, subscriptionId: plan }));
  return (
    <StaffPage
      title="Discount master"
      description="What each plan takes off a service at checkout, for the customers who hold it. Switched-off discounts are not given."
      related={{ to: '/Subscription/DiscountDetailsForService', label: 'Discounts of a service' }}
      add={{ to: '/Subscription/AddDiscountDetails', search: plan ? { plan } : {}, label: 'Add discount' }}
    >
      <DataTable
        {...table}
        caption="Discounts per service"
        columns={columns}
        rowKey={(d) => d.id}
        searchPlaceholder="Search plans or services…"
        emptyMessage="No discounts here yet."
        toolbar={
          <div className={s.filters}>
            <UrlFilter name="plan" parse={positiveId} label="Plan" allLabel="Every plan" {...picker} table={table} />
          </div>
        }
      />
    </StaffPage>
  );
}
