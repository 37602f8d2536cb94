// The store's products for the inventory manager (/Managestore/InventoryProductList) and the shared group's
// inventory list (/Inventory/InventoryList): a server-paged table with search, the low-stock and status filters in
// the URL, CSV export, the Active switch, delete, and links to change a product and to its stock history.
import { Link, type LinkProps, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  deleteProduct,
  importProducts,
  inventoryProductsQuery,
  type Product,
  type ProductImportRow,
  type ProductStatusFilter,
  productsCsv,
} from '../../../api/products';
import { Badge, Button, buttonClassName, formatRupees, PageHeader, toast } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import { downloadTextFile, type ImportColumn } from '../../../ui/spreadsheet';
import * as s from '../../_admin/-components/admin.css';
import { DeleteAction } from '../../_admin/-components/DeleteAction';
import { FilterSelect } from '../../_admin/-components/FilterSelect';
import { ImportButton } from '../../_admin/-components/ImportButton';
import { StatusToggle } from '../../_admin/-components/StatusToggle';
import { Thumbnail } from '../../_admin/-components/Thumbnail';
import { useServerTable } from '../../_admin/-components/useServerTable';
import { StockDialog } from './StockDialog';
import type { ProductListSearch } from './search';

const STATUS: { value: ProductStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const STOCK = [{ value: 'low', label: 'Low on stock' }];

export const productImportColumns: ImportColumn[] = [
  { key: 'productName', header: 'productName', required: true, maxLength: 150, example: 'Water filter cartridge' },
  { key: 'hsnCode', header: 'hsnCode', required: true, maxLength: 8, example: '842121' },
  { key: 'mrp', header: 'mrp', required: true, type: 'number', example: '450' },
  { key: 'discount', header: 'discount', type: 'number', example: '10' },
  { key: 'discountType', header: 'discountType', example: 'percentage' },
  { key: 'gst', header: 'gst', required: true, type: 'integer', example: '18' },
  { key: 'cost', header: 'cost', required: true, type: 'number', example: '260' },
  { key: 'lowStockAt', header: 'lowStockAt', type: 'integer', example: '10' },
  { key: 'quantity', header: 'quantity', type: 'integer', example: '40' },
  { key: 'description', header: 'description', maxLength: 2000, example: '10 inch, sediment' },
];

export interface ProductListPageProps {
  title: string;
  addTo: LinkProps['to'];
  updateTo: LinkProps['to'];
  historyTo: LinkProps['to'];
  search: ProductListSearch;
}

export function ProductListPage({ title, addTo, updateTo, historyTo, search }: ProductListPageProps) {
  const navigate = useNavigate();
  const { lowStock, status } = search;
  const [stockOf, setStockOf] = useState<Product | null>(null);
  const [exporting, setExporting] = useState(false);
  const table = useServerTable((state) => inventoryProductsQuery({ ...state, lowStock, status: status ?? 'all' }), {
    sort: 'productName',
    order: 'asc',
  });
  const setFilter = (next: Partial<ProductListSearch>) => {
    table.onStateChange((st) => ({ ...st, page: 1 }));
    void navigate({ to: '.', search: ((prev: ProductListSearch) => ({ ...prev, ...next })) as never, replace: true });
  };

  async function exportCsv() {
    setExporting(true);
    try {
      const text = await productsCsv({
        search: table.state.search,
        sort: table.state.sort,
        order: table.state.order,
        lowStock,
        status,
      });
      downloadTextFile(lowStock ? 'products-low-stock.csv' : 'products.csv', text.replace(/^\uFEFF/, ''));
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  const columns: Column<Product>[] = [
    {
      key: 'image',
      header: 'Picture',
      width: '72px',
      render: (p) => <Thumbnail src={p.productImageUrl} alt={p.productName} />,
    },
    {
      key: 'productName',
      header: 'Product',
      sortable: true,
      render: (p) => (
        <>
          <span dir="auto">{p.productName}</span>
          <span className={s.cellNote}>
            GST {p.gst} %{p.hsnCode ? ` · HSN ${p.hsnCode}` : ''}
          </span>
        </>
      ),
    },
    {
      key: 'actualPrice',
      header: 'Price',
      sortable: true,
      align: 'end',
      render: (p) => (
        <>
          <strong className={s.nowrap}>{formatRupees(p.actualPrice)}</strong>
          <span className={s.cellNote}>
            MRP {formatRupees(p.mrp)}
            {p.discount ? `, ${p.discountType === 'flat' ? formatRupees(p.discount) : `${p.discount} %`} off` : ''}
          </span>
        </>
      ),
    },
    {
      key: 'available',
      header: 'Stock',
      sortable: true,
      align: 'end',
      render: (p) => (
        <>
          <strong>{p.available}</strong> free
          <span className={s.cellNote}>
            {p.onHand} on hand, {p.reserved} held
          </span>
          {p.lowStock ? <Badge tone="warning">Low (at {p.lowStockAt})</Badge> : null}
        </>
      ),
    },
    {
      key: 'stockValue',
      header: 'Value at cost',
      align: 'end',
      render: (p) => <span className={s.nowrap}>{p.stockValue === null ? '—' : formatRupees(p.stockValue)}</span>,
    },
    {
      key: 'status',
      header: 'Active',
      render: (p) => <StatusToggle kind="Product" id={p.id} active={p.status} label={`Active: ${p.productName}`} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      render: (p) => (
        <div className={s.rowActions}>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Receive or adjust stock of ${p.productName}`}
            onClick={() => setStockOf(p)}
          >
            Stock
          </Button>
          <Link
            to={updateTo}
            search={{ id: p.id } as never}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            aria-label={`Edit ${p.productName}`}
          >
            Edit
          </Link>
          <Link
            to={historyTo}
            search={{ productId: p.id } as never}
            className={buttonClassName({ variant: 'ghost', size: 'sm' })}
            aria-label={`Stock history of ${p.productName}`}
          >
            History
          </Link>
          <DeleteAction
            label={`Delete ${p.productName}`}
            title={`Delete ${p.productName}?`}
            message="It leaves the store; its stock history stays. A product on a request that is not finished cannot be deleted: switch it off instead."
            onDelete={() => deleteProduct(p.id)}
            operation="deleteProduct"
          />
        </div>
      ),
    },
  ];

  return (
    <div className={s.page}>
      <PageHeader
        title={title}
        description="The store's products, their prices and stock. Low stock: the free units are at or below the product's level."
        actions={
          <Link to={addTo} className={buttonClassName()}>
            Add product
          </Link>
        }
      />
      <DataTable
        {...table}
        caption={title}
        columns={columns}
        rowKey={(p) => p.id}
        searchPlaceholder="Search products…"
        emptyMessage={lowStock ? 'No product is low on stock.' : 'No products yet. Add the first one.'}
        toolbar={
          <div className={s.filters}>
            <FilterSelect
              label="Stock"
              allLabel="All stock levels"
              value={lowStock ? 'low' : ''}
              options={STOCK}
              onChange={(value) => setFilter({ lowStock: value === 'low' ? true : undefined })}
            />
            <FilterSelect
              label="Status"
              allLabel="All products"
              value={status ?? ''}
              options={STATUS}
              onChange={(value) =>
                setFilter({ status: value === 'active' || value === 'inactive' ? value : undefined })
              }
            />
            <Button variant="secondary" size="sm" onClick={exportCsv} disabled={exporting}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </Button>
            <ImportButton
              title="Import products"
              columns={productImportColumns}
              templateFileName="products-template.csv"
              importer={(rows) => importProducts(rows as ProductImportRow[])}
              operation="importProducts"
            />
          </div>
        }
      />
      <StockDialog product={stockOf} onClose={() => setStockOf(null)} />
    </div>
  );
}
