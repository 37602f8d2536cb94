// Shared by the detail pages of one record (a coupon, a payment intent): what shows when the record could not be
// read, with the header's way back to its list.
import type { ReactNode } from 'react';
import { Alert, EmptyState, PageHeader } from '../../ui';

export interface MissingRecordProps {
  /** The page's layout class (its area's `page`). */
  className: string;
  /** The record's kind, as the header names it ("Coupon"). */
  title: string;
  /** The list it is chosen from ("coupons"). */
  listName: string;
  /** The header's way back to the list. */
  back: ReactNode;
  /** The read's failure, if it failed; none: the record does not exist. */
  error: Error | null;
}

export function MissingRecord({ className, title, listName, back, error }: MissingRecordProps) {
  return (
    <div className={className}>
      <PageHeader title={title} actions={back} />
      {error ? (
        <Alert tone="danger">{error.message}</Alert>
      ) : (
        <EmptyState title={`${title} not found`} description={`Choose one from the list of ${listName}.`} />
      )}
    </div>
  );
}
