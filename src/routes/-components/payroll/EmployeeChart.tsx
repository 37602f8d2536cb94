// The month's employees as horizontal bars in plain SVG (no chart library: the staff bundle stays light): each bar is
// the employee's gross with what is added, split into the net paid and the deductions. Colour is never the only way
// to read a figure: each segment has a tooltip, and the table beside the chart holds every figure.
import { formatRupees } from '../../../ui';
import * as s from './payroll.css';
import type { SalaryCalculation } from './types';

/** At least 3:1 against the light and the dark card (WCAG 1.4.11). */
const NET = '#2563eb';
const DEDUCTIONS = '#ea580c';

const ROW = 26;
const M = { top: 8, right: 16, bottom: 24, left: 160 };
const W = 720;

/** A round step for about `parts` gridlines up to `max`. */
function scale(max: number, parts: number) {
  if (max <= 0) return { top: 1, step: 0.25 };
  const raw = max / parts;
  const p = 10 ** Math.floor(Math.log10(raw));
  const f = raw / p;
  const step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * p;
  return { top: Math.ceil(max / step) * step, step };
}

/** '₹1.2L', '₹45K' for an axis. */
const short = (n: number) =>
  n >= 1e7
    ? `₹${+(n / 1e7).toFixed(1)}Cr`
    : n >= 1e5
      ? `₹${+(n / 1e5).toFixed(1)}L`
      : n >= 1e3
        ? `₹${+(n / 1e3).toFixed(1)}K`
        : `₹${n}`;

const clip = (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name);

export function EmployeeChart({ rows, label }: { rows: SalaryCalculation[]; label: string }) {
  const shown = rows.filter((r) => r.status !== 'noStructure');
  const H = M.top + M.bottom + Math.max(1, shown.length) * ROW;
  const { top, step } = scale(Math.max(0, ...shown.map((r) => r.net + r.totalDeductions)), 4);
  const plotW = W - M.left - M.right;
  const x = (v: number) => M.left + (v / top) * plotW;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(v);
  return (
    <div className={s.stack}>
      <ul className={s.legend} aria-label="Legend">
        <li className={s.legendItem}>
          <span className={s.swatch} style={{ background: NET }} aria-hidden="true" />
          Net pay
        </li>
        <li className={s.legendItem}>
          <span className={s.swatch} style={{ background: DEDUCTIONS }} aria-hidden="true" />
          Deductions
        </li>
      </ul>
      <svg className={s.chart} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} direction="ltr">
        {ticks.map((v) => (
          <g key={v}>
            <line className={s.grid} x1={x(v)} x2={x(v)} y1={M.top} y2={H - M.bottom} />
            <text className={s.axisText} x={x(v)} y={H - 8} textAnchor="middle">
              {short(v)}
            </text>
          </g>
        ))}
        {shown.map((r, i) => {
          const y = M.top + i * ROW + 4;
          const h = ROW - 8;
          return (
            <g key={r.empId}>
              <text className={s.barLabel} x={M.left - 8} y={y + h / 2} dy="0.32em" textAnchor="end">
                {clip(r.empName)}
              </text>
              <rect x={x(0)} y={y} width={Math.max(0, x(r.net) - x(0))} height={h} fill={NET}>
                <title>{`${r.empName}: net pay ${formatRupees(r.net)}`}</title>
              </rect>
              <rect
                x={x(r.net)}
                y={y}
                width={Math.max(0, x(r.net + r.totalDeductions) - x(r.net))}
                height={h}
                fill={DEDUCTIONS}
              >
                <title>{`${r.empName}: deductions ${formatRupees(r.totalDeductions)}`}</title>
              </rect>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
