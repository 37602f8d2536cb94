import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type ProductRequestInvoice, requestInvoicePdf, requestInvoiceQuery } from '../../../api/productRequests';
import {
  Alert,
  Button,
  buttonClassName,
  Card,
  EmptyState,
  formatDateTime,
  formatRupees,
  LoadingPlaceholder,
  PageHeader,
  toast,
} from '../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../ui/DataTable';
import { saveBlob } from '../../../ui/download';
import { positiveId } from '../../_admin/-components/search';
import * as s from '../../-components/productRequests/productRequests.css';

// The paid request's GST tax invoice (decision 029), and its PDF made on the server.
export const Route = createFileRoute('/_vendor/TrackRequest/ProductInvoice')({
  head: () => ({ meta: [{ title: 'Product invoice · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): { id?: number } => ({ id: positiveId(raw.id) }),
  component: ProductInvoice,
});

type Line = ProductRequestInvoice['lines'][number];

async function downloadPdf(inv: ProductRequestInvoice) {
  try {
    saveBlob(await requestInvoicePdf(inv.IOrderId), `invoice-${inv.invoiceNo.replace(/\//g, '-')}.pdf`);
  } catch (e) {
    toast.error((e as Error).message);
  }
}

function ProductInvoice() {
  const { id } = Route.useSearch();
  const invoice = useQuery(requestInvoiceQuery(id ?? 0));
  const back = (
    <Link to="/TrackRequest/TrackProductRequest" className={buttonClassName({ variant: 'secondary' })}>
      My requests
    </Link>
  );
  if (!id) {
    return (
      <div className={s.page}>
        <PageHeader title="Product invoice" actions={back} />
        <EmptyState title="No request chosen" description="Open a paid request and choose its invoice." />
      </div>
    );
  }
  if (invoice.isPending) return <LoadingPlaceholder />;
  const inv = invoice.data;
  if (!inv) {
    return (
      <div className={s.page}>
        <PageHeader title="Product invoice" actions={back} />
        <Alert tone="danger">{invoice.error?.message ?? 'The invoice could not be loaded.'}</Alert>
      </div>
    );
  }
  const intra = inv.gstType === 'CGST+SGST';
  const columns: Column<Line>[] = [
    { key: 'description', header: 'Product', render: (l) => <bdi>{l.description}</bdi> },
    // Goods name their HSN code on a tax invoice (CGST Rule 46); the code is the product's at submission.
    { key: 'hsn', header: 'HSN', render: (l) => l.hsn ?? '—' },
    { key: 'professionalName', header: 'For', render: (l) => <bdi>{l.professionalName}</bdi> },
    { key: 'quantity', header: 'Qty', align: 'end' },
    { key: 'unitPrice', header: 'Unit price', align: 'end', render: (l) => formatRupees(l.unitPrice) },
    { key: 'taxableValue', header: 'Taxable', align: 'end', render: (l) => formatRupees(l.taxableValue) },
    { key: 'gstRate', header: 'GST %', align: 'end' },
    ...(intra
      ? [
          { key: 'cgst', header: 'CGST', align: 'end' as const, render: (l: Line) => formatRupees(l.cgst) },
          { key: 'sgst', header: 'SGST', align: 'end' as const, render: (l: Line) => formatRupees(l.sgst) },
        ]
      : [{ key: 'igst', header: 'IGST', align: 'end' as const, render: (l: Line) => formatRupees(l.igst) }]),
    { key: 'total', header: 'Total', align: 'end', render: (l) => formatRupees(l.total) },
  ];
  return (
    <div className={s.page}>
      <PageHeader
        title={`Tax invoice ${inv.invoiceNo}`}
        description={`Request #${inv.IOrderId}, paid ${formatDateTime(inv.invoiceDate)} from your wallet.`}
        actions={
          <>
            <Button onClick={() => void downloadPdf(inv)}>Download PDF</Button>
            {back}
          </>
        }
      />
      <Card title="Supplier and buyer">
        <dl className={s.facts}>
          <dt>Supplier</dt>
          <dd className={s.fact}>
            {inv.supplier.legalName}, {inv.supplier.address} (GSTIN {inv.supplier.gstin})
          </dd>
          <dt>Billed to</dt>
          <dd className={s.fact}>
            <bdi>{inv.buyer.name}</bdi>
            {inv.buyer.gstin ? ` (GSTIN ${inv.buyer.gstin})` : ''}, <bdi>{inv.buyer.address}</bdi> {inv.buyer.city}{' '}
            {inv.buyer.pinCode}
          </dd>
          <dt>Place of supply</dt>
          <dd className={s.fact}>
            {inv.placeOfSupply.state}
            {inv.placeOfSupply.code ? ` (${inv.placeOfSupply.code})` : ''}
          </dd>
        </dl>
      </Card>
      <Card title="Lines">
        <DataTable
          caption="Invoice lines"
          columns={columns}
          {...staticTableProps(inv.lines)}
          rowKey={(l) => l.lineId}
        />
        <dl className={s.facts}>
          <dt>Taxable value</dt>
          <dd className={s.fact}>{formatRupees(inv.totals.taxableValue)}</dd>
          {intra ? (
            <>
              <dt>CGST</dt>
              <dd className={s.fact}>{formatRupees(inv.totals.cgst)}</dd>
              <dt>SGST</dt>
              <dd className={s.fact}>{formatRupees(inv.totals.sgst)}</dd>
            </>
          ) : (
            <>
              <dt>IGST</dt>
              <dd className={s.fact}>{formatRupees(inv.totals.igst)}</dd>
            </>
          )}
          <dt>Invoice value</dt>
          <dd className={`${s.fact} ${s.total}`}>{formatRupees(inv.totals.invoiceValue)}</dd>
          <dt>In words</dt>
          <dd className={s.fact}>{inv.amountInWords}</dd>
        </dl>
      </Card>
    </div>
  );
}
