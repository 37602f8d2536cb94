// Shared by the pages of every staff area: the page header with its links (the page that adds one, a neighbouring
// list) and the page's content below it.
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClassName, PageHeader } from '../../../ui';
import * as s from './admin.css';

/** A page the header links to; `search` carries the list's filter over (the plan a discount is added to). */
export interface HeaderLink {
  to: LinkProps['to'];
  search?: Record<string, unknown>;
  label: string;
}

export interface StaffPageProps {
  title: string;
  description?: ReactNode;
  /** The page that adds one: the header's main button. */
  add?: HeaderLink;
  /** A neighbouring page (the list a form belongs to, the discounts beside the plans): a secondary button. */
  related?: HeaderLink;
  /** Other header actions (a download), before the buttons. */
  actions?: ReactNode;
  /** The page's grid where its area has its own (one that keeps wide tables from widening the page). */
  className?: string;
  children: ReactNode;
}

function HeaderButton({ link, variant }: { link: HeaderLink; variant?: 'secondary' }) {
  return (
    <Link to={link.to} search={link.search as never} className={buttonClassName({ variant })}>
      {link.label}
    </Link>
  );
}

export function StaffPage({ title, description, add, related, actions, className = s.page, children }: StaffPageProps) {
  const buttons =
    actions || related || add ? (
      <>
        {actions}
        {related ? <HeaderButton link={related} variant="secondary" /> : null}
        {add ? <HeaderButton link={add} /> : null}
      </>
    ) : undefined;
  return (
    <div className={className}>
      <PageHeader title={title} description={description} actions={buttons} />
      {children}
    </div>
  );
}
