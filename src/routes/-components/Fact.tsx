// One label and value pair of a record's definition list (a request, a candidate, a coupon, a month's salary).
import type { ReactNode } from 'react';
import * as s from './facts.css';

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={s.value}>{children}</dd>
    </>
  );
}
