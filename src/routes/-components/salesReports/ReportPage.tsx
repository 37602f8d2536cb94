// A report's page (decision 057): the period and grouping (kept in the URL), a chart of the period's buckets, the
// table of rows with the totals, and the same rows and totals exported as CSV or .xlsx, so a file adds up to the
// screen. The chart is the marketing dashboard's plain SVG bars (decision 025).
import { useId } from 'react';
import { Alert, Button, Card, formatRupees, PageHeader } from '../../../ui';
import { control } from '../../../ui/form/form.css';
import { MONTH_NAMES } from '../../../ui/format';
import { DateRangeField } from '../dateRange/DateRangeForm';
import { BarChart, type ChartSeries, Legend, rupeeTick, SERIES_COLOURS } from '../marketingDashboard/BarChart';
import * as s from '../marketingDashboard/marketingDashboard.css';
import { downloadCsv, downloadXlsx, type ExportColumn } from '../payroll/exportRows';
import { PERIOD_TYPES, type PeriodType, type ReportSearch } from './search';

export interface ReportShape<Row> {
  type: PeriodType;
  from: string;
  to: string;
  label: string;
  bucket: 'day' | 'month';
  rows: Row[];
  chart: { start: string }[];
}

export interface ReportPageProps<G extends string, Row, Totals> {
  title: string;
  description: string;
  /** The file name's start ('service-sales'). */
  file: string;
  search: ReportSearch<G>;
  /**
   * Changes the URL's search from the latest one (not the one this render saw): two quick changes, the period then
   * the grouping, both stay.
   */
  onSearch(update: (latest: ReportSearch<G>) => ReportSearch<G>): void;
  groups: readonly { value: G; label: string }[];
  defaultGroup: G;
  data: (ReportShape<Row> & { totals: Totals }) | undefined;
  error: unknown;
  /** The table's and the files' columns; the first names the row. */
  columns: ExportColumn<Row | (Totals & { label: string })>[];
  /** The chart's series from the report's buckets (rupees). */
  series(data: ReportShape<Row> & { totals: Totals }): ChartSeries[];
}

const TYPE_LABELS: Record<PeriodType, string> = { Month: 'A month', Year: 'A year', Day: 'A day', Range: 'From – to' };

function PeriodForm<G extends string>({
  search,
  onSearch,
  groups,
  defaultGroup,
  shown,
}: Pick<ReportPageProps<G, unknown, unknown>, 'search' | 'onSearch' | 'groups' | 'defaultGroup'> & {
  shown: { from: string; to: string } | undefined;
}) {
  const id = useId();
  const type = search.Type ?? 'Month';
  const thisYear = Number((shown?.from ?? new Date().toISOString()).slice(0, 4));
  const year = search.Year ?? thisYear;
  const years = [...new Set([year, ...Array.from({ length: 6 }, (_, i) => new Date().getFullYear() - i)])].sort(
    (a, b) => b - a,
  );
  const set = (update: (latest: ReportSearch<G>) => ReportSearch<G>) => onSearch(update);
  return (
    <form className={s.metricSwitch} aria-label="Period and grouping" onSubmit={(e) => e.preventDefault()}>
      <DateRangeField id={`${id}-type`} label="Period" strong>
        <select
          id={`${id}-type`}
          className={control}
          value={type}
          onChange={(e) => {
            const Type = e.target.value as PeriodType;
            set((l) => ({ GroupBy: l.GroupBy, Type }));
          }}
        >
          {PERIOD_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </DateRangeField>
      {type === 'Month' ? (
        <DateRangeField id={`${id}-month`} label="Month" strong>
          <select
            id={`${id}-month`}
            className={control}
            value={search.Month ?? Number((shown?.from ?? '').slice(5, 7)) ?? ''}
            onChange={(e) => {
              const Month = Number(e.target.value);
              set((l) => ({ ...l, Month, Year: l.Year ?? year }));
            }}
          >
            {MONTH_NAMES.map((m, i) => (
              <option key={m} value={i + 1}>
                {m}
              </option>
            ))}
          </select>
        </DateRangeField>
      ) : null}
      {type === 'Month' || type === 'Year' ? (
        <DateRangeField id={`${id}-year`} label="Year" strong>
          <select
            id={`${id}-year`}
            className={control}
            value={year}
            onChange={(e) => {
              const Year = Number(e.target.value);
              set((l) => ({ ...l, Year }));
            }}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </DateRangeField>
      ) : null}
      {type === 'Day' || type === 'Range' ? (
        <DateRangeField id={`${id}-from`} label={type === 'Day' ? 'Day' : 'From'} strong>
          <input
            id={`${id}-from`}
            type="date"
            className={control}
            value={search.FromDate ?? shown?.from ?? ''}
            onChange={(e) => {
              const FromDate = e.target.value || undefined;
              set((l) => ({ ...l, FromDate }));
            }}
          />
        </DateRangeField>
      ) : null}
      {type === 'Range' ? (
        <DateRangeField id={`${id}-to`} label="To" strong>
          <input
            id={`${id}-to`}
            type="date"
            className={control}
            value={search.ToDate ?? shown?.to ?? ''}
            onChange={(e) => {
              const ToDate = e.target.value || undefined;
              set((l) => ({ ...l, ToDate }));
            }}
          />
        </DateRangeField>
      ) : null}
      <DateRangeField id={`${id}-group`} label="Group by" strong>
        <select
          id={`${id}-group`}
          className={control}
          value={search.GroupBy ?? defaultGroup}
          onChange={(e) => {
            const GroupBy = e.target.value as G;
            set((l) => ({ ...l, GroupBy }));
          }}
        >
          {groups.map((g) => (
            <option key={g.value} value={g.value}>
              {g.label}
            </option>
          ))}
        </select>
      </DateRangeField>
    </form>
  );
}

const cell = <Row,>(c: ExportColumn<Row>, row: Row) => {
  const v = c.value(row);
  if (typeof v === 'number') return c.kind === 'rupees' ? formatRupees(v) : v.toLocaleString('en-IN');
  return <bdi>{v}</bdi>;
};

export function ReportPage<G extends string, Row, Totals>(p: ReportPageProps<G, Row, Totals>) {
  const { data } = p;
  const totalsRow = data ? { ...data.totals, label: 'Total' } : undefined;
  const all = data && totalsRow ? [...data.rows, totalsRow] : [];
  const name = data
    ? `${p.file}-${data.from}-to-${data.to}-by-${(p.search.GroupBy ?? p.defaultGroup).toLowerCase()}`
    : p.file;
  const series = data ? p.series(data).map((x, i) => ({ ...x, color: SERIES_COLOURS[i] })) : [];
  return (
    <div className={s.page}>
      <PageHeader title={p.title} description={p.description} />
      <Card>
        <PeriodForm
          search={p.search}
          onSearch={p.onSearch}
          groups={p.groups}
          defaultGroup={p.defaultGroup}
          shown={data}
        />
      </Card>
      {p.error ? <Alert tone="danger">{(p.error as Error).message ?? 'The report could not be read.'}</Alert> : null}
      {data ? (
        <>
          <Card title={`${data.label}, by ${data.bucket}`}>
            <div className={s.stack}>
              <Legend series={series} label="Series" />
              <BarChart
                label={`${p.title}, ${data.label}, by ${data.bucket}`}
                starts={data.chart.map((b) => b.start)}
                bucket="day"
                series={series}
                format={formatRupees}
                tick={rupeeTick}
              />
            </div>
          </Card>
          <Card title={`${data.rows.length} ${data.rows.length === 1 ? 'row' : 'rows'}`}>
            <div className={s.stack}>
              <div className={s.metricSwitch}>
                <Button variant="secondary" onClick={() => downloadCsv(`${name}.csv`, p.columns, all)}>
                  Export CSV
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => void downloadXlsx(`${name}.xlsx`, p.title.slice(0, 31), p.columns, all)}
                >
                  Export Excel
                </Button>
              </div>
              <div className={s.tableScroll}>
                <table className={s.table}>
                  <caption className={s.caption}>
                    {p.title}, {data.label}
                  </caption>
                  <thead>
                    <tr>
                      {p.columns.map((c) => (
                        <th key={c.header} scope="col" className={c.kind ? `${s.th} ${s.num}` : s.th}>
                          {c.header}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the rows are the server's, in its order
                      <tr key={i}>
                        {p.columns.map((c) => (
                          <td key={c.header} className={c.kind ? `${s.td} ${s.num}` : s.td}>
                            {cell(c, row)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                  {totalsRow ? (
                    <tfoot>
                      <tr>
                        {p.columns.map((c) => (
                          <th
                            key={c.header}
                            scope={c.kind ? undefined : 'row'}
                            className={c.kind ? `${s.th} ${s.num}` : s.th}
                          >
                            {cell(c, totalsRow)}
                          </th>
                        ))}
                      </tr>
                    </tfoot>
                  ) : null}
                </table>
              </div>
            </div>
          </Card>
        </>
      ) : null}
    </div>
  );
}
