import type { ReactNode } from 'react';
import * as s from './EmptyState.css';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** An optional call to action (e.g. a button to add the first item). */
  action?: ReactNode;
}

/** What a list or page shows when there is nothing yet. */
export function EmptyState({ title, description, action }: EmptyStateProps) {
  return (
    <div className={s.box}>
      <p className={s.title}>{title}</p>
      {description && <p className={s.description}>{description}</p>}
      {action && <div className={s.action}>{action}</div>}
    </div>
  );
}
