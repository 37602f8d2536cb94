import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { serviceQuery } from '../../../api/catalogue';
import { discountsPageQuery } from '../../../api/subscriptions';
import { buttonClassName, EmptyState, formatRupees, PageHeader } from '../../../ui';
import { DataTable } from '../../../ui/DataTable';
import { discountColumns } from '../../-components/subscriptions/discountColumns';
import { useServicePicker } from '../../-components/subscriptions/pickers';
import * as s from '../-components/admin.css';
import { FilterSelect } from '../-components/FilterSelect';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { positiveId } from '../-components/search';
import { useServerTable } from '../-components/useServerTable';

type Search = ListSearch & { service?: number };

export const Route = createFileRoute('/_admin/Subscription/DiscountDetailsForService')({
  head: () => ({ meta: [{ title: 'Discounts of a service · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): Search => ({
    ...validateListSearch(search),
    service: positiveId(search.service),
  }),
  component: DiscountDetailsForService,
});

const columns = discountColumns({ sortable: true, hide: ['service'] });

/** The discount details of a service: what each plan takes off it. */
function DiscountDetailsForService() {
  const { service } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const chosen = useQuery({ ...serviceQuery(service ?? 0), enabled: (service ?? 0) > 0 });
  const picker = useServicePicker(chosen.data ? { value: String(chosen.data.id), label: chosen.data.heading } : null);
  const table = useServerTable((state) => ({
    ...discountsPageQuery({ ...state, serviceId: service }),
    enabled: !!service,
  }));
  return (
    <div className={s.page}>
      <PageHeader
        title={chosen.data ? `Discounts of ${chosen.data.heading}` : 'Discounts of a service'}
        description={
          chosen.data
            ? `What each plan takes off ${chosen.data.heading} (${formatRupees(chosen.data.price)} before its own discount and GST).`
            : 'Choose a service to see what each plan takes off it.'
        }
        actions={
          <>
            <Link to="/Subscription/DiscountMasterList" className={buttonClassName({ variant: 'secondary' })}>
              Discount master
            </Link>
            {service ? (
              <Link to="/Subscription/AddDiscountDetails" search={{ service }} className={buttonClassName()}>
                Add discount
              </Link>
            ) : null}
          </>
        }
      />
      <div className={s.filters}>
        <FilterSelect
          label="Service"
          allLabel="Choose a service"
          value={service ? String(service) : ''}
          options={picker.options}
          search={picker.search}
          onChange={(value) => {
            table.onStateChange((st) => ({ ...st, page: 1 }));
            navigate({ search: (prev) => ({ ...prev, service: positiveId(value) }), replace: true });
          }}
        />
      </div>
      {service ? (
        <DataTable
          {...table}
          caption="Plans' discounts on the service"
          columns={columns}
          rowKey={(d) => d.id}
          searchPlaceholder="Search plans…"
          emptyMessage="No plan gives a discount on this service."
        />
      ) : (
        <EmptyState title="No service chosen" description="Find the service above." />
      )}
    </div>
  );
}
