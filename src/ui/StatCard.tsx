import type { ReactNode } from 'react';
import * as s from './StatCard.css';

export interface StatCardProps {
  label: ReactNode;
  value: number | string;
  hint?: ReactNode;
}

/** One figure with its label. Numbers get Indian digit grouping (1,23,456). */
export function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <div className={s.card}>
      <span className={s.label}>{label}</span>
      {/* dir=auto keeps "3 / 5" or "₹1,200" in reading order inside right-to-left pages. */}
      <span className={s.value} dir="auto">
        {typeof value === 'number' ? value.toLocaleString('en-IN') : value}
      </span>
      {hint && <span className={s.hint}>{hint}</span>}
    </div>
  );
}

export interface StatGridProps {
  children: ReactNode;
  /** Names the group for screen readers, e.g. "Summary". */
  label?: string;
}

export function StatGrid({ children, label }: StatGridProps) {
  if (!label) return <div className={s.grid}>{children}</div>;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of figures, not a fieldset of form controls
    <div className={s.grid} role="group" aria-label={label}>
      {children}
    </div>
  );
}
