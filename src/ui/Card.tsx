import { type ReactNode, useId } from 'react';
import * as s from './Card.css';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A surface with an optional heading (h2) and actions; titled cards are named regions. */
export function Card({ title, actions, children, className }: CardProps) {
  const id = useId();
  return (
    <section className={cx(s.card, className)} aria-labelledby={title ? id : undefined}>
      {(title || actions) && (
        <div className={s.header}>
          {title && (
            <h2 id={id} className={s.title}>
              {title}
            </h2>
          )}
          {actions && <div className={s.actions}>{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
