import { type ReactNode, useId } from 'react';
import * as s from './Card.css';
import { cx } from './cx';

export interface CardProps {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** 1 when the card is the page itself (a sign-in card): its title is then the page's main heading. */
  headingLevel?: 1 | 2;
}

/** A surface with an optional heading (h2, or h1) and actions; titled cards are named regions. */
export function Card({ title, actions, children, className, headingLevel = 2 }: CardProps) {
  const id = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={cx(s.card, className)} aria-labelledby={title ? id : undefined}>
      {(title || actions) && (
        <div className={s.header}>
          {title && (
            <Heading id={id} className={s.title}>
              {title}
            </Heading>
          )}
          {actions && <div className={s.actions}>{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
