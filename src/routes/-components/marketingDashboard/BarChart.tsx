// A small stacked bar chart in plain SVG (no chart library: the staff bundle stays light), with its legend and the same
// figures as a table for anyone who cannot see or read the picture. Time runs left to right in every direction.
import { useEffect, useId, useRef, useState } from 'react';
import * as s from './marketingDashboard.css';

let compactRupees: Intl.NumberFormat | undefined;
let compactCount: Intl.NumberFormat | undefined;
/** An axis tick in rupees, short (₹1.2L); the formatter is made on first use. */
export const rupeeTick = (n: number) => {
  compactRupees ??= new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  return compactRupees.format(n);
};
/** An axis tick for a count, short (1.2K). */
export const countTick = (n: number) => {
  compactCount ??= new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
  return compactCount.format(n);
};
/** A count as the dashboards write it, and with its noun. */
export const count = (n: number) => n.toLocaleString('en-IN');
export const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
  /** One value per bucket, in the buckets' order. */
  values: number[];
}

/**
 * Colours for series, each at least 3:1 against the light and the dark card (WCAG 1.4.11); the last is for "the
 * rest". Colour is never the only way to read a figure: every segment has a tooltip and the table says it all.
 */
export const SERIES_COLOURS = [
  '#2563eb',
  '#ea580c',
  '#15803d',
  '#db2777',
  '#0891b2',
  '#a855f7',
  '#a16207',
  '#e11d48',
  '#6366f1',
  '#0d9488',
] as const;
export const REST_COLOUR = '#78716c';

let shortDay: Intl.DateTimeFormat | undefined;
let longDay: Intl.DateTimeFormat | undefined;
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

/** '05 Mar' for an axis. */
export const axisDay = (day: string) => {
  shortDay ??= new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', timeZone: 'UTC' });
  return shortDay.format(utc(day));
};

/** '05 Mar 2024', or 'Week of 04 Mar 2024'. */
export const bucketLabel = (start: string, bucket: 'day' | 'week') => {
  longDay ??= new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const day = longDay.format(utc(start));
  return bucket === 'week' ? `Week of ${day}` : day;
};

/** A round step for about `parts` gridlines up to `max` (whole numbers when `whole`). */
function scale(max: number, parts: number, whole: boolean) {
  if (max <= 0) return { top: whole ? 1 : 1, step: whole ? 1 : 0.25 };
  const raw = max / parts;
  const p = 10 ** Math.floor(Math.log10(raw));
  const f = raw / p;
  let step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * p;
  if (whole) step = Math.max(1, Math.ceil(step));
  return { top: Math.ceil(max / step) * step, step };
}

const H = 240;
const M = { top: 10, right: 8, bottom: 26, left: 64 };

/** The width the chart has on screen, so one unit of the drawing is one CSS pixel: text stays legible on a phone. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round(entry.contentRect.width);
      if (w > 0) setWidth(Math.max(240, w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export interface BarChartProps {
  /** The chart's accessible name: what it shows, over which range. */
  label: string;
  starts: string[];
  bucket: 'day' | 'week';
  /** Stacked from the bottom up, in this order. */
  series: ChartSeries[];
  /** A value in words and digits (a tooltip, the table). */
  format(n: number): string;
  /** A gridline's value, short ('₹1.2K'). */
  tick(n: number): string;
  /** Whole numbers only (counts). */
  whole?: boolean;
}

export function BarChart({ label, starts, bucket, series, format, tick, whole = false }: BarChartProps) {
  const { ref, width: W } = useWidth(720);
  const n = starts.length;
  const totals = starts.map((_, i) => series.reduce((sum, x) => sum + (x.values[i] ?? 0), 0));
  const { top, step } = scale(Math.max(0, ...totals), 4, whole);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const band = plotW / Math.max(1, n);
  const barW = Math.max(1, band * 0.72);
  const y = (v: number) => M.top + plotH - (v / top) * plotH;
  // A day's label is about 40 px wide: as many as fit with room between them.
  const every = Math.max(1, Math.ceil(n / Math.max(2, Math.floor(plotW / 60))));
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(v);
  // Narrow bars keep no parting line: it would hide them.
  const parting = band >= 6 ? 1 : 0;
  return (
    <div ref={ref}>
      <svg
        className={s.chart}
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={label}
        preserveAspectRatio="xMidYMid meet"
        direction="ltr"
      >
        {ticks.map((v) => (
          <g key={v}>
            <line className={s.grid} x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} />
            <text className={s.axisText} x={M.left - 6} y={y(v)} dy="0.32em" textAnchor="end">
              {tick(v)}
            </text>
          </g>
        ))}
        {starts.map((start, i) => {
          const x = M.left + i * band + (band - barW) / 2;
          let base = 0;
          return (
            <g key={start}>
              {series.map((x0) => {
                const v = x0.values[i] ?? 0;
                if (v <= 0) return null;
                const y0 = y(base);
                base += v;
                const y1 = y(base);
                return (
                  <rect
                    key={x0.key}
                    className={s.segment}
                    strokeWidth={parting}
                    x={x}
                    y={y1}
                    width={barW}
                    height={Math.max(0.5, y0 - y1)}
                    fill={x0.color}
                  >
                    <title>{`${bucketLabel(start, bucket)}: ${x0.name}, ${format(v)}`}</title>
                  </rect>
                );
              })}
              {i % every === 0 ? (
                <text className={s.axisText} x={M.left + i * band + band / 2} y={H - 8} textAnchor="middle">
                  {axisDay(start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** The series' names and colours, in stacking order. */
export function Legend({ series, label }: { series: ChartSeries[]; label: string }) {
  return (
    <ul className={s.legend} aria-label={label}>
      {series.map((x) => (
        <li key={x.key} className={s.legendItem}>
          <span className={s.swatch} style={{ background: x.color }} aria-hidden="true" />
          <bdi>{x.name}</bdi>
        </li>
      ))}
    </ul>
  );
}

export interface FiguresTableProps {
  caption: string;
  starts: string[];
  bucket: 'day' | 'week';
  /** One or more columns of figures; a Total column follows when there are several. */
  columns: { key: string; name: string; values: number[]; format(n: number): string }[];
  /** Columns summed into the Total column (the chart's series). */
  total?: { name: string; keys: string[]; format(n: number): string };
  /** Shown open (the admin dashboard keeps its table beside the chart). */
  open?: boolean;
}

/** The chart's figures, bucket by bucket, closed by default under a summary line. */
export function FiguresTable({ caption, starts, bucket, columns, total, open }: FiguresTableProps) {
  const id = useId();
  const totalOf = (i: number) =>
    total ? columns.filter((c) => total.keys.includes(c.key)).reduce((n, c) => n + (c.values[i] ?? 0), 0) : 0;
  const sum = (values: number[]) => values.reduce((n, v) => n + v, 0);
  return (
    <details className={s.details} open={open}>
      <summary className={s.summary}>Show the figures as a table</summary>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reachable by keyboard (axe) */}
      <section className={s.tableScroll} tabIndex={0} aria-labelledby={id}>
        <table className={s.table}>
          <caption id={id} className={s.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={s.th}>
                {bucket === 'week' ? 'Week from' : 'Day'}
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={`${s.th} ${s.num}`}>
                  <bdi>{c.name}</bdi>
                </th>
              ))}
              {total ? (
                <th scope="col" className={`${s.th} ${s.num}`}>
                  {total.name}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {starts.map((start, i) => (
              <tr key={start}>
                <th scope="row" className={s.td} style={{ fontWeight: 400, textAlign: 'start' }}>
                  {bucketLabel(start, bucket)}
                </th>
                {columns.map((c) => (
                  <td key={c.key} className={`${s.td} ${s.num}`}>
                    {c.format(c.values[i] ?? 0)}
                  </td>
                ))}
                {total ? <td className={`${s.td} ${s.num}`}>{total.format(totalOf(i))}</td> : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" className={s.td} style={{ textAlign: 'start' }}>
                All
              </th>
              {columns.map((c) => (
                <td key={c.key} className={`${s.td} ${s.num}`} style={{ fontWeight: 600 }}>
                  {c.format(sum(c.values))}
                </td>
              ))}
              {total ? (
                <td className={`${s.td} ${s.num}`} style={{ fontWeight: 600 }}>
                  {total.format(sum(starts.map((_, i) => totalOf(i))))}
                </td>
              ) : null}
            </tr>
          </tfoot>
        </table>
      </section>
    </details>
  );
}
