import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type CustomerRow, customersPageQuery } from '../../../api/wallets';
import { Button, buttonClassName, formatDate, formatRupees, PageHeader } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import * as s from '../-components/admin.css';
import { tableStateOf, validateListSearch } from '../-components/listSearch';
import { useServerTable } from '../-components/useServerTable';
import { CustomerBalanceDialog } from './-components/CustomerBalanceDialog';

export const Route = createFileRoute('/_admin/Customer/CustomerList')({
  head: () => ({ meta: [{ title: 'User management · Doorstep' }] }),
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(customersPageQuery(tableStateOf(deps))),
  component: CustomerList,
});

function CustomerList() {
  const table = useServerTable<CustomerRow>(
    (state) => customersPageQuery(state),
    {},
    {
      message: 'No customers have signed up yet.',
    },
  );
  // null: the dialog asks for the mobile number; undefined: closed.
  const [editing, setEditing] = useState<CustomerRow | null | undefined>(undefined);

  const columns: Column<CustomerRow>[] = [
    { key: 'fullName', header: 'Name', sortable: true },
    { key: 'mobileNo', header: 'Mobile', sortable: true },
    { key: 'email', header: 'E-mail' },
    { key: 'city', header: 'City' },
    {
      key: 'balance',
      header: 'Wallet balance',
      sortable: true,
      align: 'end',
      render: (c) => <span className={s.nowrap}>{formatRupees(c.balance)}</span>,
    },
    {
      key: 'createdAt',
      header: 'Joined',
      sortable: true,
      render: (c) => <span className={s.nowrap}>{formatDate(c.createdAt)}</span>,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (c) => (
        <div className={s.rowActions}>
          <Link
            to="/Customer/GetWalletHistoryCustomer"
            search={{ mobile: c.mobileNo }}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            aria-label={`Wallet history of ${c.fullName}`}
          >
            History
          </Link>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Update balance of ${c.fullName}`}
            onClick={() => setEditing(c)}
          >
            Update balance
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className={s.page}>
      <PageHeader
        title="User management"
        description="Customers with their wallet balances. Search by name or mobile number."
        actions={<Button onClick={() => setEditing(null)}>Update a balance</Button>}
      />
      <DataTable
        {...table}
        caption="Customers"
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Name or mobile number…"
      />
      <CustomerBalanceDialog
        customer={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
      />
    </div>
  );
}
