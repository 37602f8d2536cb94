import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import {
  checkoutQuery,
  deleteAllCart,
  deleteCartLine,
  type ProductCartLine,
  updateCartQty,
} from '../../../api/productRequests';
import { Button, buttonClassName, Card, ConfirmDialog, formatRupees, LoadingPlaceholder, toast } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { NumberField } from '../../../ui/form';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { CartNotice, productForColumns } from '../../-components/productRequests/cartParts';
import * as s from '../../-components/productRequests/productRequests.css';

// The vendor's request cart (decision 029): lines per professional and product, quantities changed, lines deleted or
// the whole cart emptied; then on to the checkout.
export const Route = createFileRoute('/_vendor/Managestore/ProductCart')({
  head: () => ({ meta: [{ title: 'Product cart · Doorstep' }] }),
  component: ProductCart,
});

function ProductCart() {
  const cart = useQuery(checkoutQuery());
  const queryClient = useQueryClient();
  const [qty, setQty] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [emptying, setEmptying] = useState(false);

  async function run(work: () => Promise<{ message?: string }>, op: WriteId) {
    setBusy(true);
    try {
      const reply = await work();
      await invalidateAfter(queryClient, op);
      toast.success(reply.message || 'Done.');
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  if (cart.isPending) return <LoadingPlaceholder />;
  const c = cart.data;
  const columns: Column<ProductCartLine>[] = [
    ...productForColumns<ProductCartLine>(),
    { key: 'unitPrice', header: 'Unit price', align: 'end', render: (l) => formatRupees(l.unitPrice) },
    {
      key: 'requestQty',
      header: 'Quantity',
      render: (l) => (
        <span className={s.actions}>
          <NumberField
            label={`Quantity of ${l.productName} for ${l.professionalName}`}
            name={`qty-${l.id}`}
            className={s.qty}
            value={qty[l.id] ?? String(l.requestQty)}
            onChange={(e) => setQty((q) => ({ ...q, [l.id]: e.target.value }))}
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={busy || (qty[l.id] ?? String(l.requestQty)) === String(l.requestQty)}
            onClick={() => {
              const n = Number(qty[l.id]);
              if (!Number.isInteger(n) || n < 1 || n > 10000) {
                toast.error('The quantity must be a whole number from 1 to 10,000.');
                return;
              }
              void run(() => updateCartQty(l.id, n), 'updateVendorCartRquestQty');
            }}
          >
            Update
          </Button>
        </span>
      ),
    },
    { key: 'lineTotal', header: 'Total', align: 'end', render: (l) => formatRupees(l.lineTotal) },
    {
      key: 'problem',
      header: 'Note',
      render: (l) => (l.problem ? <span role="note">{l.problem}</span> : `${l.available} free in the store`),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (l) => (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          aria-label={`Delete ${l.productName} for ${l.professionalName}`}
          onClick={() => void run(() => deleteCartLine(l.id, l.productId, c!.vendorId), 'deleteProductCart')}
        >
          Delete
        </Button>
      ),
    },
  ];
  return (
    <StaffPage
      title="Product cart"
      description="Your request cart. Submit it from the checkout as one request to the inventory manager."
      related={{ to: '/Managestore/ListProducts', label: 'Add products' }}
      className={s.page}
    >
      <CartNotice error={cart.error} empty={!!c && c.lines.length === 0} />
      {c && c.lines.length > 0 ? (
        <Card title="Lines">
          <DataTable caption="Cart lines" columns={columns} {...staticTableProps(c.lines)} rowKey={(l) => l.id} />
          <div className={s.totals}>
            <span>
              {c.units} units · taxable {formatRupees(c.taxable)} · GST {formatRupees(c.gstAmount)}
            </span>
            <span className={s.total}>Total {formatRupees(c.total)}</span>
            <span className={s.actions}>
              <Button variant="ghost" disabled={busy} onClick={() => setEmptying(true)}>
                Delete all
              </Button>
              <Link to="/Managestore/ProductCheckOut" className={buttonClassName({})}>
                Checkout
              </Link>
            </span>
          </div>
        </Card>
      ) : null}
      <ConfirmDialog
        open={emptying}
        onOpenChange={setEmptying}
        title="Empty the cart?"
        message="Every line of your request cart is removed."
        confirmLabel="Delete all"
        tone="danger"
        onConfirm={async () => {
          if (c) await run(() => deleteAllCart(c.vendorId), 'deleteAllProductsCart');
        }}
      />
    </StaffPage>
  );
}
