import type { ReactNode } from 'react';
import { formatRupees } from '../../../ui';
import * as c from './cart.css';

/** One row of an amounts summary (a cart's, the checkout's, an invoice's): its name, then its amount. */
export function SummaryRow({
  label,
  children,
  total,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  /** The row that is the sum to pay, set larger. */
  total?: boolean;
  testId?: string;
}) {
  return (
    <div className={c.summaryRow}>
      <dt>{label}</dt>
      <dd className={total ? c.total : undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The tax rows of a summary: CGST and SGST within a state, IGST between states. */
export function GstRows({ intra, amounts }: { intra: boolean; amounts: { cgst: number; sgst: number; igst: number } }) {
  return intra ? (
    <>
      <SummaryRow label="CGST">{formatRupees(amounts.cgst)}</SummaryRow>
      <SummaryRow label="SGST">{formatRupees(amounts.sgst)}</SummaryRow>
    </>
  ) : (
    <SummaryRow label="IGST">{formatRupees(amounts.igst)}</SummaryRow>
  );
}
