// The columns of a list of discounts per service (the discount master, a plan's discounts, a service's discounts).
import { Link } from '@tanstack/react-router';
import { deleteDiscount, type SubscriptionDiscount } from '../../../api/subscriptions';
import { Badge, formatRupees } from '../../../ui';
import type { Column } from '../../../ui/DataTable';
import * as s from '../../_admin/-components/admin.css';
import { actionsColumn } from '../../_admin/-components/rowColumns';
import { StatusToggle } from '../../_admin/-components/StatusToggle';
import { discountText } from './words';

const nameOf = (d: SubscriptionDiscount) => `the ${d.subscriptionName} discount on ${d.serviceName}`;

export function discountColumns(opts: {
  sortable: boolean;
  hide?: ('plan' | 'service')[];
}): Column<SubscriptionDiscount>[] {
  const hide = new Set(opts.hide ?? []);
  const all: (Column<SubscriptionDiscount> | null)[] = [
    hide.has('plan')
      ? null
      : {
          key: 'subscriptionName',
          header: 'Plan',
          sortable: opts.sortable,
          render: (d) => <bdi>{d.subscriptionName}</bdi>,
        },
    hide.has('service')
      ? null
      : {
          key: 'serviceName',
          header: 'Service',
          sortable: opts.sortable,
          render: (d) => (
            <>
              <bdi>{d.serviceName}</bdi>
              {d.serviceAvailable ? null : <span className={s.cellNote}>Not on offer now</span>}
            </>
          ),
        },
    {
      key: 'discount',
      header: 'Discount',
      sortable: opts.sortable,
      render: (d) => <strong className={s.nowrap}>{discountText(d)}</strong>,
    },
    {
      key: 'servicePrice',
      header: 'Service price',
      align: 'end',
      render: (d) => (
        <>
          <span className={s.nowrap}>{formatRupees(d.servicePrice)}</span>
          <span className={s.cellNote}>after its discount, before GST</span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Active',
      render: (d) => (
        <StatusToggle kind="SubscriptionService" id={d.id} active={d.status} label={`Active: ${nameOf(d)}`} />
      ),
    },
    actionsColumn({
      nameOf,
      editLink: (d, props) => <Link to="/Subscription/UpdateDiscountDetails" search={{ id: d.id }} {...props} />,
      deleteMessage:
        'Later checkouts no longer give it; orders already placed keep the discount they got. To stop it for a while, switch it off instead.',
      onDelete: (d) => deleteDiscount(d.id),
      operation: 'deleteDiscountDetailsForService',
    }),
  ];
  return all.filter((c): c is Column<SubscriptionDiscount> => c !== null);
}

/** "On" or "Off" for a discount in a plain list. */
export const DiscountState = ({ on }: { on: boolean }) =>
  on ? <Badge tone="success">On</Badge> : <Badge tone="neutral">Off</Badge>;
