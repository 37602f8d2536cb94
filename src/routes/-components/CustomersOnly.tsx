import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type RoleCode, useSession } from '../../api/session';
import { buttonClassName, EmptyState, PageHeader } from '../../ui';
import { DASHBOARD } from './roles';
import * as st from './storefront/storefront.css';

/** What a staff, vendor or professional account reads on a customer's page, in that page's words. */
export interface NotForStaffWords {
  forCustomers: string;
  notStaff: string;
  dashboard: string;
}

/** A customer's page opened by another account: whose page it is, and the way to their own dashboard. */
export function NotForStaff({ role, words }: { role: RoleCode; words: NotForStaffWords }) {
  return (
    <EmptyState
      title={words.forCustomers}
      description={words.notStaff}
      action={
        <Link to={DASHBOARD[role]} className={buttonClassName()}>
          {words.dashboard}
        </Link>
      }
    />
  );
}

/** A storefront page for the signed-in customer: its header, then `children`, or NotForStaff for anyone else. */
export function CustomerPage({
  title,
  lead,
  staff,
  children,
}: {
  title: string;
  lead: string;
  staff: NotForStaffWords;
  children: ReactNode;
}) {
  const user = useSession().context.user;
  if (!user) return null;
  return (
    <div className={st.page}>
      <PageHeader title={title} description={lead} />
      {user.Role === 'Cust' ? children : <NotForStaff role={user.Role} words={staff} />}
    </div>
  );
}
