// The two report pages (decision 057): their groupings, columns and chart series over ReportPage.
import { useQuery } from '@tanstack/react-query';
import {
  type PurchaseReport,
  type PurchaseReportRow,
  purchaseReportQuery,
  type SalesReport,
  type SalesReportRow,
  salesReportQuery,
} from '../../../api/salesReports';
import type { ExportColumn } from '../payroll/exportRows';
import { ReportPage } from './ReportPage';
import type { PurchaseGroup, ReportSearch, SalesGroup } from './search';

const SALES_GROUP_LABELS: { value: SalesGroup; label: string }[] = [
  { value: 'Category', label: 'Category' },
  { value: 'SubCategory', label: 'Sub-category' },
  { value: 'Service', label: 'Service' },
  { value: 'Zone', label: 'Zone' },
  { value: 'Professional', label: 'Professional' },
];
const PURCHASE_GROUP_LABELS: { value: PurchaseGroup; label: string }[] = [
  { value: 'Vendor', label: 'Vendor' },
  { value: 'Product', label: 'Product' },
  { value: 'Month', label: 'Month' },
];

type SalesTotals = SalesReport['totals'];
type SalesLine = SalesReportRow | (SalesTotals & { label: string });
const rupees = (header: string, of: (r: SalesLine) => number): ExportColumn<SalesLine> => ({
  header,
  value: of,
  kind: 'rupees',
});
const count = <R,>(header: string, of: (r: R) => number): ExportColumn<R> => ({ header, value: of, kind: 'number' });

const SALES_COLUMNS: ExportColumn<SalesLine>[] = [
  { header: 'Group', value: (r) => r.label },
  count('Orders', (r) => r.orders),
  count('Lines', (r) => r.lines),
  rupees('Gross', (r) => r.gross),
  rupees('Catalogue discount', (r) => r.catalogueDiscount),
  rupees('Coupon discount', (r) => r.couponDiscount),
  rupees('Plan discount', (r) => r.planDiscount),
  rupees('Package discount', (r) => r.packageDiscount),
  rupees('Taxable value', (r) => r.taxable),
  rupees('CGST', (r) => r.cgst),
  rupees('SGST', (r) => r.sgst),
  rupees('IGST', (r) => r.igst),
  count('Cancellations', (r) => r.cancellations),
  count('Credit notes', (r) => r.creditNotes),
  rupees('Credit notes taxable', (r) => r.creditTaxable),
  rupees('Credit notes CGST', (r) => r.creditCgst),
  rupees('Credit notes SGST', (r) => r.creditSgst),
  rupees('Credit notes IGST', (r) => r.creditIgst),
  rupees('Net', (r) => r.net),
  // Tips are the order's, not a group's: only the totals row has them.
  rupees('Tips (not revenue)', (r) => ('tips' in r ? r.tips : 0)),
];

type PurchaseLine = PurchaseReportRow | (PurchaseReport['totals'] & { label: string });
const PURCHASE_COLUMNS: ExportColumn<PurchaseLine>[] = [
  { header: 'Group', value: (r) => r.label },
  count('Requests', (r) => r.requests),
  count('Lines', (r) => r.lines),
  count('Quantity', (r) => r.quantity),
  { header: 'Taxable value', value: (r) => r.taxable, kind: 'rupees' },
  { header: 'CGST', value: (r) => r.cgst, kind: 'rupees' },
  { header: 'SGST', value: (r) => r.sgst, kind: 'rupees' },
  { header: 'IGST', value: (r) => r.igst, kind: 'rupees' },
  { header: 'GST', value: (r) => r.gst, kind: 'rupees' },
  { header: 'Paid from wallet', value: (r) => r.paidFromWallet, kind: 'rupees' },
];

export interface ReportRouteProps<G extends string> {
  search: ReportSearch<G>;
  onSearch(update: (latest: ReportSearch<G>) => ReportSearch<G>): void;
}

export function ServiceSalesReportPage({ search, onSearch }: ReportRouteProps<SalesGroup>) {
  const q = useQuery(salesReportQuery(search));
  return (
    <ReportPage
      title="Service sales report"
      description="Invoiced sales by India day, with discounts, GST per head, credit notes and net revenue. Tips are kept apart: they are the professionals', not revenue."
      file="service-sales"
      search={search}
      onSearch={onSearch}
      groups={SALES_GROUP_LABELS}
      defaultGroup="Category"
      data={q.data}
      error={q.error}
      columns={SALES_COLUMNS}
      series={(d) => [
        {
          key: 'net',
          name: 'Net sales',
          color: '',
          values: d.chart.map((b) => (b as SalesReport['chart'][number]).net),
        },
        { key: 'gst', name: 'GST', color: '', values: d.chart.map((b) => (b as SalesReport['chart'][number]).gst) },
        { key: 'tips', name: 'Tips', color: '', values: d.chart.map((b) => (b as SalesReport['chart'][number]).tips) },
      ]}
    />
  );
}

export function VendorPurchaseReportPage({ search, onSearch }: ReportRouteProps<PurchaseGroup>) {
  const q = useQuery(purchaseReportQuery(search));
  return (
    <ReportPage
      title="Vendor purchase report"
      description="Products vendors bought from the store and paid from their wallets, by India day of payment."
      file="vendor-purchases"
      search={search}
      onSearch={onSearch}
      groups={PURCHASE_GROUP_LABELS}
      defaultGroup="Vendor"
      data={q.data}
      error={q.error}
      columns={PURCHASE_COLUMNS}
      series={(d) => [
        {
          key: 'taxable',
          name: 'Taxable value',
          color: '',
          values: d.chart.map((b) => (b as PurchaseReport['chart'][number]).taxable),
        },
        { key: 'gst', name: 'GST', color: '', values: d.chart.map((b) => (b as PurchaseReport['chart'][number]).gst) },
      ]}
    />
  );
}
