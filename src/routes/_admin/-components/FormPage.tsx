// Shared by every admin "add" page: the page header with a way back to the list, and the form in a card.
import type { ReactNode } from 'react';
import { Card } from '../../../ui';
import { type HeaderLink, StaffPage } from './StaffPage';

export interface FormPageProps {
  title: string;
  description: string;
  /** The list the page belongs to, shown as a button in the header. */
  list: HeaderLink;
  children: ReactNode;
}

export function FormPage({ title, description, list, children }: FormPageProps) {
  return (
    <StaffPage title={title} description={description} related={list}>
      <Card>{children}</Card>
    </StaffPage>
  );
}
