// GSTR-1 and GSTR-3B of a month for the accountant (decision 058): each section as a table with its totals, the
// checks (the documents counted once, each tax head against the ledger), and GSTR-1's portal JSON and Excel files.
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  type GstAmounts,
  type GstB2csRow,
  type GstCheck,
  type GstDocumentRun,
  type GstHsnRow,
  type GstReturnDocument,
  gstr1File,
  gstr1Query,
  gstr3bQuery,
} from '../../../../api/gstReturns';
import { Alert, Badge, Card, DownloadButton, formatRupees } from '../../../../ui';
import { type Column, DataTable, staticTableProps } from '../../../../ui/DataTable';
import { TextField } from '../../../../ui/form';
import { StaffPage } from '../../../_admin/-components/StaffPage';
import { indiaToday } from '../../../-components/dateRange/days';
import { LoadFailure } from '../../../-components/Loaded';
import * as s from '../../../-components/recruitment/recruitment.css';

const money = (key: keyof GstAmounts, header: string) => ({
  key,
  header,
  align: 'end' as const,
  render: (r: GstAmounts) => <span className={s.nowrap}>{formatRupees(r[key])}</span>,
});
const AMOUNTS = [
  money('taxableValue', 'Taxable value'),
  money('igst', 'IGST'),
  money('cgst', 'CGST'),
  money('sgst', 'SGST'),
];

/** One row per document and rate, as the portal's sheets list them. */
type DocRow = GstAmounts & { key: string; doc: GstReturnDocument; rate: number };
const docRows = (docs: GstReturnDocument[]): DocRow[] =>
  docs.flatMap((doc) => doc.items.map((i) => ({ ...i, key: `${doc.number} ${i.rate}`, doc })));
const docColumns = (withGstin: boolean, withInvoice: boolean): Column<DocRow>[] => [
  ...(withGstin ? [{ key: 'gstin', header: 'GSTIN', render: (r: DocRow) => r.doc.gstin ?? '' }] : []),
  { key: 'number', header: 'Number', render: (r) => <span className={s.nowrap}>{r.doc.number}</span> },
  { key: 'date', header: 'Date', render: (r) => <span className={s.nowrap}>{r.doc.date}</span> },
  ...(withInvoice ? [{ key: 'invoice', header: 'Invoice', render: (r: DocRow) => r.doc.invoice ?? '' }] : []),
  { key: 'buyer', header: 'Buyer', render: (r) => <bdi>{r.doc.buyer}</bdi> },
  { key: 'pos', header: 'Place of supply', render: (r) => r.doc.placeOfSupply },
  { key: 'value', header: 'Value', align: 'end', render: (r) => formatRupees(r.doc.value) },
  { key: 'rate', header: 'Rate %', align: 'end', render: (r) => r.rate },
  ...(AMOUNTS as Column<DocRow>[]),
];
const B2CS_COLUMNS: Column<GstB2csRow>[] = [
  { key: 'pos', header: 'Place of supply', render: (r) => r.placeOfSupply },
  { key: 'supplyType', header: 'Supply', render: (r) => (r.supplyType === 'INTRA' ? 'Intra-state' : 'Inter-state') },
  { key: 'rate', header: 'Rate %', align: 'end', render: (r) => r.rate },
  ...(AMOUNTS as Column<GstB2csRow>[]),
];
const HSN_COLUMNS: Column<GstHsnRow>[] = [
  { key: 'code', header: 'HSN/SAC', render: (r) => r.code },
  { key: 'description', header: 'Description', render: (r) => <bdi>{r.description}</bdi> },
  { key: 'uqc', header: 'UQC', render: (r) => r.uqc },
  { key: 'quantity', header: 'Quantity', align: 'end', render: (r) => r.quantity },
  { key: 'rate', header: 'Rate %', align: 'end', render: (r) => r.rate },
  ...(AMOUNTS as Column<GstHsnRow>[]),
];
const DOC_COLUMNS: Column<GstDocumentRun>[] = [
  { key: 'nature', header: 'Nature of document', render: (r) => r.nature },
  { key: 'from', header: 'From', render: (r) => r.from },
  { key: 'to', header: 'To', render: (r) => r.to },
  { key: 'total', header: 'Total', align: 'end', render: (r) => r.total },
  { key: 'cancelled', header: 'Cancelled', align: 'end', render: (r) => r.cancelled },
  { key: 'netIssued', header: 'Net issued', align: 'end', render: (r) => r.netIssued },
];

function Totals({ label, t }: { label: string; t: GstAmounts }) {
  return (
    <p className={s.muted} data-testid="section-total">
      {label}: taxable value {formatRupees(t.taxableValue)}, IGST {formatRupees(t.igst)}, CGST {formatRupees(t.cgst)},
      SGST {formatRupees(t.sgst)}
    </p>
  );
}

function Section<Row>(props: {
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (r: Row) => string;
  total?: GstAmounts;
  empty: string;
}) {
  return (
    <Card title={props.title}>
      <DataTable
        caption={props.title}
        columns={props.columns}
        rowKey={props.rowKey}
        emptyMessage={props.empty}
        {...staticTableProps(props.rows)}
      />
      {props.total ? <Totals label="Total" t={props.total} /> : null}
    </Card>
  );
}

function Checks({ checks }: { checks: GstCheck[] }) {
  const off = checks.filter((c) => !c.ok);
  return (
    <Card title="Checks">
      {off.length ? (
        <Alert tone="danger">{`${off.length} of ${checks.length} checks are off: fix them before filing.`}</Alert>
      ) : (
        <Alert tone="success">{`All ${checks.length} checks pass.`}</Alert>
      )}
      <ul className={s.funnel} aria-label="Checks">
        {checks.map((c) => (
          <li key={c.name}>
            <Badge tone={c.ok ? 'success' : 'danger'}>{c.ok ? 'OK' : 'Off'}</Badge> <strong>{c.name}</strong>:{' '}
            {c.detail}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function GstReturnsPage() {
  const search = useSearch({ strict: false }) as { month?: string };
  const navigate = useNavigate();
  const month = search.month ?? indiaToday().slice(0, 7);
  const params = { Year: Number(month.slice(0, 4)), Month: Number(month.slice(5, 7)) };
  const r1 = useQuery(gstr1Query(params));
  const r3b = useQuery(gstr3bQuery(params));
  const g = r1.data;
  const b = r3b.data;
  return (
    <StaffPage
      title="GST returns"
      description="GSTR-1 and GSTR-3B of a month, from the invoices and credit notes, checked against the ledger."
      actions={
        <span className={s.actions}>
          <Download params={params} format="json" />
          <Download params={params} format="xlsx" />
        </span>
      }
      className={s.page}
    >
      <Card title="Return period">
        <div className={s.filters}>
          <TextField
            label="Month"
            name="month"
            type="month"
            value={month}
            onChange={(e) => {
              const v = e.target.value;
              if (/^\d{4}-\d{2}$/.test(v)) void navigate({ to: '.', search: { month: v } as never });
            }}
          />
          {g ? (
            <p className={s.muted}>
              {g.period.label} (return period {g.period.returnPeriod}), {g.supplier.legalName}, GSTIN {g.supplier.gstin}
              . B2CL above {formatRupees(g.period.b2clLimit)}.
            </p>
          ) : null}
        </div>
      </Card>
      <LoadFailure query={r1} />
      {g ? <Checks checks={g.checks} /> : null}
      {b ? (
        <Card title="GSTR-3B">
          <DataTable
            caption="GSTR-3B 3.1 outward supplies"
            columns={[
              { key: 'nature', header: 'Nature of supplies', render: (r) => r.nature },
              ...(AMOUNTS as Column<GstAmounts & { nature: string }>[]),
            ]}
            rowKey={(r) => r.nature}
            {...staticTableProps([
              { nature: '3.1(a) Outward taxable supplies', ...b.outwardTaxable },
              { nature: '3.1(c) Nil rated', ...b.nilRated },
            ])}
          />
          <DataTable
            caption="GSTR-3B 3.2 inter-state supplies to unregistered persons"
            columns={[
              { key: 'pos', header: 'Place of supply', render: (r) => r.placeOfSupply },
              {
                key: 'taxableValue',
                header: 'Taxable value',
                align: 'end',
                render: (r) => formatRupees(r.taxableValue),
              },
              { key: 'igst', header: 'IGST', align: 'end', render: (r) => formatRupees(r.igst) },
            ]}
            rowKey={(r) => r.placeOfSupply}
            emptyMessage="No inter-state supply to unregistered persons this month."
            {...staticTableProps(b.unregisteredInterState)}
          />
        </Card>
      ) : null}
      {g ? (
        <>
          <Section
            title="4A B2B invoices"
            rows={docRows(g.b2b)}
            columns={docColumns(true, false)}
            rowKey={(r) => r.key}
            total={g.totals.b2b}
            empty="No invoice to a registered buyer this month."
          />
          <Section
            title="5 B2C large invoices"
            rows={docRows(g.b2cl)}
            columns={docColumns(false, false)}
            rowKey={(r) => r.key}
            total={g.totals.b2cl}
            empty="No B2C large invoice this month."
          />
          <Section
            title="7 B2C others"
            rows={g.b2cs}
            columns={B2CS_COLUMNS}
            rowKey={(r) => `${r.placeOfSupply} ${r.rate}`}
            total={g.totals.b2cs}
            empty="No other B2C supply this month."
          />
          <Section
            title="9B Credit notes, registered (CDNR)"
            rows={docRows(g.cdnr)}
            columns={docColumns(true, true)}
            rowKey={(r) => r.key}
            total={g.totals.cdnr}
            empty="No credit note to a registered buyer this month."
          />
          <Section
            title="9B Credit notes, unregistered (CDNUR)"
            rows={docRows(g.cdnur)}
            columns={docColumns(false, true)}
            rowKey={(r) => r.key}
            total={g.totals.cdnur}
            empty="No credit note on a B2C large invoice this month."
          />
          <Section
            title="12 HSN summary, B2B"
            rows={g.hsnB2b}
            columns={HSN_COLUMNS}
            rowKey={(r) => `${r.code} ${r.rate}`}
            total={g.totals.hsnB2b}
            empty="No B2B supply this month."
          />
          <Section
            title="12 HSN summary, B2C"
            rows={g.hsnB2c}
            columns={HSN_COLUMNS}
            rowKey={(r) => `${r.code} ${r.rate}`}
            total={g.totals.hsnB2c}
            empty="No B2C supply this month."
          />
          <Section
            title="13 Documents issued"
            rows={g.documents}
            columns={DOC_COLUMNS}
            rowKey={(r) => `${r.nature} ${r.from}`}
            empty="No document issued this month."
          />
          <Card title="Net of the month">
            <Totals label="The return" t={g.totals.net} />
          </Card>
        </>
      ) : null}
    </StaffPage>
  );
}

function Download({ params, format }: { params: { Month: number; Year: number }; format: 'json' | 'xlsx' }) {
  return (
    <DownloadButton size="sm" file={() => gstr1File(params, format)}>
      {format === 'json' ? 'Download GSTR-1 JSON' : 'Download GSTR-1 Excel'}
    </DownloadButton>
  );
}
