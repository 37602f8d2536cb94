import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { profitByProfessionalQuery, profitLinesQuery } from '../../../api/books';
import { Alert, Card, formatDateTime, formatRupees, PageHeader } from '../../../ui';
import { SelectField } from '../../../ui/form';
import { ExportButtons, indiaToday } from '../Accounts/-components/books';
import * as s from '../Accounts/-components/books.css';

interface Search {
  month?: number;
  year?: number;
  professional?: number;
}
const int = (v: unknown) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : undefined);

export const Route = createFileRoute('/_finance/Reports/ProfitPerProfessional')({
  head: () => ({ meta: [{ title: 'Profit per professional · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): Search => ({
    month: int(raw.month),
    year: int(raw.year),
    professional: int(raw.professional),
  }),
  component: ProfitPage,
});

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const FIGURES = [
  ['revenue', 'Revenue'],
  ['tips', 'Tips passed on'],
  ['pay', 'Pay'],
  ['parts', 'Parts'],
  ['refunds', 'Refunds'],
  ['margin', 'Margin'],
] as const;

function ProfitPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const today = indiaToday();
  const month = search.month ?? Number(today.slice(5, 7));
  const year = search.year ?? Number(today.slice(0, 4));
  const q = useQuery(profitByProfessionalQuery({ Month: month, Year: year }));
  const data = q.data;
  const years = Array.from({ length: 6 }, (_, i) => Number(today.slice(0, 4)) - i);
  return (
    <div className={s.page}>
      <PageHeader
        title="Profit per professional"
        description="For a month: revenue of their completed lines (taxable value) less their pay, the parts issued to them and the refunds on their lines. Tips are passed on to them: shown, not counted."
      />
      <div className={s.filters}>
        <div style={{ minInlineSize: '10rem' }}>
          <SelectField
            label="Month"
            name="month"
            value={String(month)}
            options={MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
            onChange={(e) =>
              void navigate({ search: (p) => ({ ...p, month: Number(e.target.value), professional: undefined }) })
            }
          />
        </div>
        <div style={{ minInlineSize: '8rem' }}>
          <SelectField
            label="Year"
            name="year"
            value={String(year)}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
            onChange={(e) =>
              void navigate({ search: (p) => ({ ...p, year: Number(e.target.value), professional: undefined }) })
            }
          />
        </div>
        <ExportButtons report="ProfitByProfessional" query={{ Month: month, Year: year }} />
      </div>
      {q.error ? <Alert tone="danger">{q.error.message}</Alert> : null}
      <Card title={data ? `Profit per professional, ${data.label}` : 'Profit per professional'}>
        {data ? (
          <div className={s.scroll}>
            <table className={s.table}>
              <thead>
                <tr>
                  <th className={s.th} scope="col">
                    Professional
                  </th>
                  <th className={`${s.th} ${s.num}`} scope="col">
                    Lines
                  </th>
                  {FIGURES.map(([k, h]) => (
                    <th key={k} className={`${s.th} ${s.num}`} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((r) => (
                  <tr key={r.professionalId}>
                    <td className={s.td}>
                      <Link from={Route.fullPath} search={(p) => ({ ...p, professional: r.professionalId })}>
                        <bdi>{r.name}</bdi>
                      </Link>
                    </td>
                    <td className={`${s.td} ${s.num}`}>{r.lines}</td>
                    {FIGURES.map(([k]) => (
                      <td key={k} className={`${s.td} ${s.num}`}>
                        {formatRupees(r[k])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className={s.total}>
                  <th className={s.td} scope="row">
                    Total
                  </th>
                  <td className={`${s.td} ${s.num}`}>{data.totals.lines}</td>
                  {FIGURES.map(([k]) => (
                    <td key={k} className={`${s.td} ${s.num}`} data-testid={`total-${k}`}>
                      {formatRupees(data.totals[k])}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
            {data.items.length === 0 ? <p className={s.muted}>No professional has a figure in this month.</p> : null}
          </div>
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </Card>
      {search.professional ? <Lines professionalId={search.professional} month={month} year={year} /> : null}
    </div>
  );
}

function Lines({ professionalId, month, year }: { professionalId: number; month: number; year: number }) {
  const q = useQuery(profitLinesQuery({ ProfessionalId: professionalId, Month: month, Year: year }));
  const d = q.data;
  return (
    <Card title={d ? `${d.name}, ${d.label}` : 'Lines'}>
      {q.error ? <Alert tone="danger">{q.error.message}</Alert> : null}
      {d ? (
        <>
          <p className={s.muted}>
            {FIGURES.map(([k, h]) => `${h} ${formatRupees(d[k])}`).join(' · ')}
            {d.slip
              ? ` · salary slip: gross ${formatRupees(d.slip.gross)}, employer ${formatRupees(d.slip.employer)}`
              : ''}
          </p>
          <ExportButtons report="ProfitLines" query={{ ProfessionalId: professionalId, Month: month, Year: year }} />
          <div className={s.scroll}>
            <table className={s.table}>
              <caption className={s.muted} style={{ textAlign: 'start' }}>
                Lines completed or refunded in the month
              </caption>
              <thead>
                <tr>
                  {['Line', 'Invoice no', 'Service', 'Completed', 'Credit note'].map((h) => (
                    <th key={h} className={s.th} scope="col">
                      {h}
                    </th>
                  ))}
                  {['Revenue', 'Tip', 'Refund'].map((h) => (
                    <th key={h} className={`${s.th} ${s.num}`} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {d.lines.map((l) => (
                  <tr key={l.lineId}>
                    <td className={s.td}>{l.lineId}</td>
                    <td className={s.td}>{l.invoiceNo}</td>
                    <td className={s.td}>
                      <bdi>{l.description}</bdi>
                    </td>
                    <td className={s.td}>{l.completedAt ? formatDateTime(l.completedAt) : ''}</td>
                    <td className={s.td}>{l.creditNoteNo}</td>
                    <td className={`${s.td} ${s.num}`}>{formatRupees(l.revenue)}</td>
                    <td className={`${s.td} ${s.num}`}>{formatRupees(l.tip)}</td>
                    <td className={`${s.td} ${s.num}`}>{formatRupees(l.refund)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {d.partsIssued.length ? (
            <div className={s.scroll}>
              <table className={s.table}>
                <caption className={s.muted} style={{ textAlign: 'start' }}>
                  Parts issued in the month
                </caption>
                <thead>
                  <tr>
                    {['Request', 'Invoice no', 'Product', 'Quantity'].map((h) => (
                      <th key={h} className={s.th} scope="col">
                        {h}
                      </th>
                    ))}
                    <th className={`${s.th} ${s.num}`} scope="col">
                      Taxable value
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.partsIssued.map((p, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a request's lines keep their order
                    <tr key={`${p.requestId}-${i}`}>
                      <td className={s.td}>{p.requestId}</td>
                      <td className={s.td}>{p.invoiceNo}</td>
                      <td className={s.td}>{p.productName}</td>
                      <td className={s.td}>{p.quantity}</td>
                      <td className={`${s.td} ${s.num}`}>{formatRupees(p.taxable)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : (
        <p className={s.muted}>Loading…</p>
      )}
    </Card>
  );
}
