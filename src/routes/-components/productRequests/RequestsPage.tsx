// A role's product request page: one list per tab (a TrackRequest action) and, when a request is chosen (?id=), its
// detail with the machine and the actions. Used by the vendor's /TrackRequest/TrackProductRequest, the inventory
// manager's /Requests/* and the admin's /RequestsForProducts/*.
import { useSearch } from '@tanstack/react-router';
import type { TrackAction } from '../../../api/productRequests';
import { EmptyState } from '../../../ui';
import { StaffPage } from '../../_admin/-components/StaffPage';
import { InPageLink } from '../InPageLink';
import { ListTabs } from '../ListTabs';
import * as s from './productRequests.css';
import { RequestDetail, type RequestDetailProps } from './RequestDetail';
import { RequestList } from './RequestList';
import type { RequestsSearch } from './search';

export interface RequestTab {
  action: TrackAction;
  label: string;
  emptyMessage: string;
}

export interface RequestsPageProps {
  title: string;
  description: string;
  tabs: RequestTab[];
  viewer: RequestDetailProps['viewer'];
  actions?: React.ReactNode;
}

export function RequestsPage({ title, description, tabs, viewer, actions }: RequestsPageProps) {
  const search = useSearch({ strict: false }) as RequestsSearch;
  const list = (t: RequestTab) => (
    <RequestList action={t.action} caption={t.label} showVendor={viewer !== 'VE'} emptyMessage={t.emptyMessage} />
  );
  return (
    <StaffPage
      title={title}
      description={description}
      className={s.page}
      actions={
        <>
          {actions}
          {search.id ? (
            <InPageLink set={{ id: undefined }} variant="secondary">
              Close request #{search.id}
            </InPageLink>
          ) : null}
        </>
      }
    >
      {search.id ? <RequestDetail id={search.id} viewer={viewer} invoiceLink={viewer === 'VE'} /> : null}
      <ListTabs label="Requests" tabs={tabs} list={list} />
      {!search.id ? (
        <EmptyState
          title="No request open"
          description="Choose View on a request to see it, its history and what can be done."
        />
      ) : null}
    </StaffPage>
  );
}
