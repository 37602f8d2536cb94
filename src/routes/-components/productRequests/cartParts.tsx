// Shared by the vendor's cart and checkout: the lines' first columns and what shows when the cart cannot be shown.
import { Alert, EmptyState } from '../../../ui';
import type { Column } from '../../../ui/DataTable';

/** Product and the professional it is for: how every list of request lines starts. */
export function productForColumns<T extends { productName: string; professionalName: string }>(): Column<T>[] {
  return [
    { key: 'productName', header: 'Product', render: (l) => <bdi>{l.productName}</bdi> },
    { key: 'professionalName', header: 'For', render: (l) => <bdi>{l.professionalName}</bdi> },
  ];
}

/** The cart's read failure, or that it has no lines. */
export function CartNotice({ error, empty }: { error: Error | null; empty: boolean }) {
  return (
    <>
      {error ? <Alert tone="danger">{error.message}</Alert> : null}
      {empty ? (
        <EmptyState title="Your cart is empty" description="Add products for your professionals from the store." />
      ) : null}
    </>
  );
}
