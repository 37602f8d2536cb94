import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { profitByProfessionalQuery, profitLinesQuery } from '../../../api/books';
import { Card, formatDateTime, formatRupees } from '../../../ui';
import { MONTH_NAMES } from '../../../ui/format';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { LoadFailure } from '../../-components/Loaded';
import { AmountCell, BooksTable, Cell, ExportButtons, indiaToday, SelectFilter } from '../Accounts/-components/books';
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
  // Another month shows the whole list again, without the professional opened from it.
  const choose = (patch: { month?: number; year?: number }) =>
    void navigate({ search: (p) => ({ ...p, ...patch, professional: undefined }) });
  const years = Array.from({ length: 6 }, (_, i) => Number(today.slice(0, 4)) - i);
  return (
    <StaffPage
      title="Profit per professional"
      description="For a month: revenue of their completed lines (taxable value) less their pay, the parts issued to them and the refunds on their lines. Tips are passed on to them: shown, not counted."
      className={s.page}
    >
      <div className={s.filters}>
        <SelectFilter
          label="Month"
          name="month"
          value={String(month)}
          options={MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }))}
          width="10rem"
          onChange={(value) => choose({ month: Number(value) })}
        />
        <SelectFilter
          label="Year"
          name="year"
          value={String(year)}
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          width="8rem"
          onChange={(value) => choose({ year: Number(value) })}
        />
        <ExportButtons report="ProfitByProfessional" query={{ Month: month, Year: year }} />
      </div>
      <LoadFailure query={q} />
      <Card title={data ? `Profit per professional, ${data.label}` : 'Profit per professional'}>
        {data ? (
          <>
            <BooksTable
              columns={['Professional']}
              amounts={['Lines', ...FIGURES.map(([, h]) => h)]}
              total={{
                label: 'Total',
                cells: [
                  { value: data.totals.lines },
                  ...FIGURES.map(([k]) => ({ value: formatRupees(data.totals[k]), testId: `total-${k}` })),
                ],
              }}
            >
              {data.items.map((r) => (
                <tr key={r.professionalId}>
                  <Cell>
                    <Link from={Route.fullPath} search={(p) => ({ ...p, professional: r.professionalId })}>
                      <bdi>{r.name}</bdi>
                    </Link>
                  </Cell>
                  <AmountCell>{r.lines}</AmountCell>
                  {FIGURES.map(([k]) => (
                    <AmountCell key={k}>{formatRupees(r[k])}</AmountCell>
                  ))}
                </tr>
              ))}
            </BooksTable>
            {data.items.length === 0 ? <p className={s.muted}>No professional has a figure in this month.</p> : null}
          </>
        ) : (
          <p className={s.muted}>Loading…</p>
        )}
      </Card>
      {search.professional ? <Lines professionalId={search.professional} month={month} year={year} /> : null}
    </StaffPage>
  );
}

function Lines({ professionalId, month, year }: { professionalId: number; month: number; year: number }) {
  const q = useQuery(profitLinesQuery({ ProfessionalId: professionalId, Month: month, Year: year }));
  const d = q.data;
  return (
    <Card title={d ? `${d.name}, ${d.label}` : 'Lines'}>
      <LoadFailure query={q} />
      {d ? (
        <>
          <p className={s.muted}>
            {FIGURES.map(([k, h]) => `${h} ${formatRupees(d[k])}`).join(' · ')}
            {d.slip
              ? ` · salary slip: gross ${formatRupees(d.slip.gross)}, employer ${formatRupees(d.slip.employer)}`
              : ''}
          </p>
          <ExportButtons report="ProfitLines" query={{ ProfessionalId: professionalId, Month: month, Year: year }} />
          <BooksTable
            caption="Lines completed or refunded in the month"
            columns={['Line', 'Invoice no', 'Service', 'Completed', 'Credit note']}
            amounts={['Revenue', 'Tip', 'Refund']}
          >
            {d.lines.map((l) => (
              <tr key={l.lineId}>
                <Cell>{l.lineId}</Cell>
                <Cell>{l.invoiceNo}</Cell>
                <Cell>
                  <bdi>{l.description}</bdi>
                </Cell>
                <Cell>{l.completedAt ? formatDateTime(l.completedAt) : ''}</Cell>
                <Cell>{l.creditNoteNo}</Cell>
                <AmountCell>{formatRupees(l.revenue)}</AmountCell>
                <AmountCell>{formatRupees(l.tip)}</AmountCell>
                <AmountCell>{formatRupees(l.refund)}</AmountCell>
              </tr>
            ))}
          </BooksTable>
          {d.partsIssued.length ? (
            <BooksTable
              caption="Parts issued in the month"
              columns={['Request', 'Invoice no', 'Product', 'Quantity']}
              amounts={['Taxable value']}
            >
              {d.partsIssued.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a request's lines keep their order
                <tr key={`${p.requestId}-${i}`}>
                  <Cell>{p.requestId}</Cell>
                  <Cell>{p.invoiceNo}</Cell>
                  <Cell>{p.productName}</Cell>
                  <Cell>{p.quantity}</Cell>
                  <AmountCell>{formatRupees(p.taxable)}</AmountCell>
                </tr>
              ))}
            </BooksTable>
          ) : null}
        </>
      ) : (
        <p className={s.muted}>Loading…</p>
      )}
    </Card>
  );
}
