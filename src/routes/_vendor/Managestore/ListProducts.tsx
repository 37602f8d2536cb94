import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import {
  addIntoRequestCart,
  type StoreProduct,
  storeProductsQuery,
  vendorDashboardQuery,
} from '../../../api/productRequests';
import { Alert, Button, formatRupees, toast } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { NumberField, SelectField } from '../../../ui/form';
import { validateListSearch } from '../../_admin/-components/listSearch';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { useServerTable } from '../../_admin/-components/useServerTable';
import * as s from '../../-components/productRequests/productRequests.css';

// The store as the vendor sees it (decision 029): products with today's price and the units free, put in the request
// cart for one of the vendor's professionals.
export const Route = createFileRoute('/_vendor/Managestore/ListProducts')({
  head: () => ({ meta: [{ title: 'Products · Doorstep' }] }),
  validateSearch: validateListSearch,
  component: ListProducts,
});

function ListProducts() {
  const me = useQuery(vendorDashboardQuery());
  const vendorId = me.data?.vendorId ?? 0;
  const professionals = me.data?.professionals ?? [];
  const [professionalId, setProfessionalId] = useState('');
  const [qty, setQty] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const queryClient = useQueryClient();
  const table = useServerTable<StoreProduct>(
    (state) =>
      storeProductsQuery(vendorId, { page: state.page, pageSize: state.pageSize, search: state.search || undefined }),
    {},
    { message: 'The store has no products on offer.' },
  );

  async function add(p: StoreProduct) {
    const requestQty = Number(qty[p.id] ?? '1');
    if (!professionalId) {
      toast.error('Choose the professional the products are for.');
      return;
    }
    if (!Number.isInteger(requestQty) || requestQty < 1 || requestQty > 10000) {
      toast.error('The quantity must be a whole number from 1 to 10,000.');
      return;
    }
    setBusy(p.id);
    try {
      const reply = await addIntoRequestCart({ productId: p.id, professionalId: Number(professionalId), requestQty });
      await invalidateAfter(queryClient, 'addIntoRequestCart');
      toast.success(reply.message);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<StoreProduct>[] = [
    {
      key: 'productName',
      header: 'Product',
      render: (p) => (
        <span>
          <bdi>{p.productName}</bdi>
          {p.description ? <span className={s.muted}> — {p.description}</span> : null}
        </span>
      ),
    },
    { key: 'mrp', header: 'MRP', align: 'end', render: (p) => formatRupees(p.mrp) },
    { key: 'actualPrice', header: 'Price (GST incl.)', align: 'end', render: (p) => formatRupees(p.actualPrice) },
    { key: 'gst', header: 'GST', align: 'end', render: (p) => `${p.gst}%` },
    { key: 'available', header: 'Available', align: 'end' },
    {
      key: 'qty',
      header: 'Quantity',
      render: (p) => (
        <NumberField
          label={`Quantity of ${p.productName}`}
          name={`qty-${p.id}`}
          className={s.qty}
          value={qty[p.id] ?? '1'}
          onChange={(e) => setQty((q) => ({ ...q, [p.id]: e.target.value }))}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (p) => (
        <Button
          size="sm"
          loading={busy === p.id}
          onClick={() => void add(p)}
          aria-label={`Add ${p.productName} to cart`}
        >
          Add to cart
        </Button>
      ),
    },
  ];

  return (
    <StaffPage
      title="Products"
      description="The store's products with today's price (GST included). Choose a professional, then add products to your request cart."
      related={{ to: '/Managestore/ProductCart', label: 'Product cart' }}
      className={s.page}
    >
      {me.data && professionals.length === 0 ? (
        <Alert tone="info">You have no professionals yet: products are requested for one of your professionals.</Alert>
      ) : null}
      <SelectField
        label="For professional"
        name="professionalId"
        value={professionalId}
        placeholder="Choose a professional"
        options={professionals.map((p) => ({ value: String(p.id), label: p.fullName }))}
        onChange={(e) => setProfessionalId(e.target.value)}
      />
      <DataTable
        {...table}
        caption="Store products"
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Product name…"
      />
    </StaffPage>
  );
}
