// Shared by every admin "add" page: the page header with a way back to the list, and the form in a card.
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClassName, Card, PageHeader } from '../../../ui';
import * as s from './admin.css';

export interface FormPageProps {
  title: string;
  description: string;
  /** The list the page belongs to, shown as a button in the header. */
  list: { to: LinkProps['to']; label: string };
  children: ReactNode;
}

export function FormPage({ title, description, list, children }: FormPageProps) {
  return (
    <div className={s.page}>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link to={list.to} className={buttonClassName({ variant: 'secondary' })}>
            {list.label}
          </Link>
        }
      />
      <Card>{children}</Card>
    </div>
  );
}
