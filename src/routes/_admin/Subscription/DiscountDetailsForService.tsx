import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { serviceQuery } from '../../../api/catalogue';
import { discountsPageQuery } from '../../../api/subscriptions';
import { EmptyState, formatRupees } from '../../../ui';
import { DataTable } from '../../../ui/DataTable';
import { discountColumns } from '../../-components/subscriptions/discountColumns';
import { useServicePicker } from '../../-components/subscriptions/pickers';
import * as s from '../-components/admin.css';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { positiveId } from '../-components/search';
import { UrlFilter } from '../-components/UrlFilter';
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
  const chosen = useQuery({ ...serviceQuery(service ?? 0), enabled: (service ?? 0) > 0 });
  const picker = useServicePicker(chosen.data ? { value: String(chosen.data.id), label: chosen.data.heading } : null);
  const table = useServerTable((state) => ({
    ...discountsPageQuery({ ...state, serviceId: service }),
    enabled: !!service,
  }));
  return (
    <StaffPage
      title={chosen.data ? `Discounts of ${chosen.data.heading}` : 'Discounts of a service'}
      description={
        chosen.data
          ? `What each plan takes off ${chosen.data.heading} (${formatRupees(chosen.data.price)} before its own discount and GST).`
          : 'Choose a service to see what each plan takes off it.'
      }
      related={{ to: '/Subscription/DiscountMasterList', label: 'Discount master' }}
      add={service ? { to: '/Subscription/AddDiscountDetails', search: { service }, label: 'Add discount' } : undefined}
    >
      <div className={s.filters}>
        <UrlFilter
          name="service"
          parse={positiveId}
          label="Service"
          allLabel="Choose a service"
          {...picker}
          table={table}
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
    </StaffPage>
  );
}
