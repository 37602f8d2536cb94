import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { checkoutQuery, type ProductCartLine, submitRequest } from '../../../api/productRequests';
import { Alert, Button, buttonClassName, Card, formatRupees, LoadingPlaceholder, PageHeader, toast } from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { CartNotice, productForColumns } from '../../-components/productRequests/cartParts';
import * as s from '../../-components/productRequests/productRequests.css';

// The checkout (decision 029): the cart's lines and totals at today's prices, submitted as one request.
export const Route = createFileRoute('/_vendor/Managestore/ProductCheckOut')({
  head: () => ({ meta: [{ title: 'Checkout · Doorstep' }] }),
  component: ProductCheckOut,
});

const COLUMNS: Column<ProductCartLine>[] = [
  ...productForColumns<ProductCartLine>(),
  { key: 'requestQty', header: 'Qty', align: 'end' },
  { key: 'unitPrice', header: 'Unit price', align: 'end', render: (l) => formatRupees(l.unitPrice) },
  { key: 'gst', header: 'GST', align: 'end', render: (l) => `${l.gst}%` },
  { key: 'lineTotal', header: 'Total', align: 'end', render: (l) => formatRupees(l.lineTotal) },
  { key: 'problem', header: 'Note', render: (l) => l.problem ?? '' },
];

function ProductCheckOut() {
  const cart = useQuery(checkoutQuery());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (cart.isPending) return <LoadingPlaceholder />;
  const c = cart.data;

  async function submit() {
    if (!c) return;
    setBusy(true);
    try {
      const reply = await submitRequest(c.vendorId);
      await invalidateAfter(queryClient, 'requestProductByVendor');
      toast.success(reply.message);
      void navigate({ to: '/TrackRequest/TrackProductRequest', search: { id: reply.data.IOrderId } });
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={s.page}>
      <PageHeader
        title="Checkout"
        description="Check the lines and totals, then submit the request to the inventory manager. You pay once the admin approves it."
        actions={
          <Link to="/Managestore/ProductCart" className={buttonClassName({ variant: 'secondary' })}>
            Back to cart
          </Link>
        }
      />
      <CartNotice error={cart.error} empty={!!c && c.lines.length === 0} />
      {c && c.lines.length > 0 ? (
        <Card title="Your request">
          <DataTable caption="Request lines" columns={COLUMNS} {...staticTableProps(c.lines)} rowKey={(l) => l.id} />
          <dl className={s.facts}>
            <dt>Units</dt>
            <dd className={s.fact}>{c.units}</dd>
            <dt>Taxable value</dt>
            <dd className={s.fact}>{formatRupees(c.taxable)}</dd>
            <dt>GST</dt>
            <dd className={s.fact}>{formatRupees(c.gstAmount)}</dd>
            <dt>Total (GST included)</dt>
            <dd className={`${s.fact} ${s.total}`}>{formatRupees(c.total)}</dd>
          </dl>
          {!c.canSubmit ? (
            <Alert tone="warning">A line cannot be requested now (see its note): remove it from the cart first.</Alert>
          ) : null}
          <div className={s.actions}>
            <Button onClick={() => void submit()} loading={busy} disabled={!c.canSubmit}>
              Submit request
            </Button>
          </div>
        </Card>
      ) : null}
    </div>
  );
}
