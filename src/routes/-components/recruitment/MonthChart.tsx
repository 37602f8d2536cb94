// Counts per month as grouped bars in plain SVG (no chart library), with its legend; the page shows the same figures
// as a table for anyone who cannot see or read the picture. Time runs left to right in every direction.
import type { ReactNode } from 'react';
import type { Column } from '../../../ui/DataTable';
import { Legend, SERIES_COLOURS } from '../marketingDashboard/BarChart';
import * as c from '../marketingDashboard/marketingDashboard.css';

export interface MonthSeries {
  key: string;
  name: string;
  /** One count per month, in the months' order. */
  values: number[];
}

let monthFormat: Intl.DateTimeFormat | undefined;
/** 'Mar 2026' for '2026-03'. */
export const monthName = (month: string) => {
  monthFormat ??= new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
};

/** The table's count columns, one a figure, right-aligned (the log's and the month-wise report's). */
export const countColumns = <Row,>(figures: readonly { key: keyof Row & string; name: string }[]): Column<Row>[] =>
  figures.map((f) => ({ key: f.key, header: f.name, align: 'end', render: (r: Row) => r[f.key] as ReactNode }));

const W = 720;
const H = 240;
const M = { top: 10, right: 8, bottom: 26, left: 40 };

export function MonthChart({ label, months, series }: { label: string; months: string[]; series: MonthSeries[] }) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const step = Math.max(1, Math.ceil(max / 4));
  const top = step * Math.ceil(max / step);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const band = plotW / Math.max(1, months.length);
  const barW = Math.max(1, (band * 0.8) / Math.max(1, series.length));
  const y = (v: number) => M.top + plotH - (v / top) * plotH;
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  const coloured = series.map((s, i) => ({ ...s, color: SERIES_COLOURS[i % SERIES_COLOURS.length] }));
  return (
    <div className={c.stack}>
      <svg className={c.chart} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} direction="ltr">
        {ticks.map((v) => (
          <g key={v}>
            <line className={c.grid} x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} />
            <text className={c.axisText} x={M.left - 6} y={y(v)} dy="0.32em" textAnchor="end">
              {v}
            </text>
          </g>
        ))}
        {months.map((month, i) => {
          const x0 = M.left + i * band + band * 0.1;
          return (
            <g key={month}>
              {coloured.map((s, k) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                return (
                  <rect
                    key={s.key}
                    className={c.segment}
                    x={x0 + k * barW}
                    y={y(v)}
                    width={barW}
                    height={Math.max(0.5, y(0) - y(v))}
                    fill={s.color}
                  >
                    <title>{`${monthName(month)}: ${s.name}, ${v}`}</title>
                  </rect>
                );
              })}
              <text className={c.axisText} x={M.left + i * band + band / 2} y={H - 8} textAnchor="middle">
                {monthName(month)}
              </text>
            </g>
          );
        })}
      </svg>
      <Legend series={coloured} label={`${label}: legend`} />
    </div>
  );
}
