import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { deleteTip, type Tip, tipsQuery } from '../../../api/tips';
import { formatDate, formatRupees } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { actionsColumn, activeColumn } from '../-components/rowColumns';
import { StaffPage } from '../-components/StaffPage';

export const Route = createFileRoute('/_admin/Tips/TipsList')({
  head: () => ({ meta: [{ title: 'Tips · Doorstep' }] }),
  loader: ({ context }) => context.queryClient.prefetchQuery(tipsQuery('all')),
  component: TipsList,
});

const nameOf = (t: Tip) => `tip of ${formatRupees(t.amount)}`;

const columns: Column<Tip>[] = [
  { key: 'amount', header: 'Amount', align: 'end', render: (t) => formatRupees(t.amount) },
  { key: 'createdAt', header: 'Added', render: (t) => formatDate(t.createdAt) },
  activeColumn('Tip', nameOf),
  actionsColumn({
    nameOf,
    editLink: (t, props) => <Link to="/Tips/TipsUpdate" search={{ id: t.id }} {...props} />,
    deleteMessage:
      'The amount is no longer offered at checkout. Orders keep the tip they were charged. To offer it again later, switch it off instead.',
    onDelete: (t) => deleteTip(t.id),
    operation: 'crudTipsManage',
  }),
];

/** Every tip amount (at most 20, so one page): active ones are offered at checkout. */
function TipsList() {
  const tips = useQuery(tipsQuery('all'));
  return (
    <StaffPage
      title="Tips"
      description="The amounts customers may add for the professional at checkout. Switched-off amounts are not offered."
      add={{ to: '/Tips/AddTips', label: 'Add tip' }}
    >
      <DataTable
        {...staticTableProps(tips.data ?? [])}
        caption="Tips"
        columns={columns}
        rowKey={(t) => t.id}
        loading={tips.isFetching}
        error={tips.error?.message ?? null}
        emptyMessage="No tips yet: customers see no tip choice at checkout."
      />
    </StaffPage>
  );
}
