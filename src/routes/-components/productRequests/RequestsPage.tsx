// A role's product request page: one list per tab (a TrackRequest action) and, when a request is chosen (?id=), its
// detail with the machine and the actions. Used by the vendor's /TrackRequest/TrackProductRequest, the inventory
// manager's /Requests/* and the admin's /RequestsForProducts/*.
import { Link, useSearch } from '@tanstack/react-router';
import type { TrackAction } from '../../../api/productRequests';
import { buttonClassName, EmptyState, PageHeader, Tabs } from '../../../ui';
import { useListFilter } from '../../_admin/-components/useServerTable';
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
  const setFilter = useListFilter();
  const current = tabs.find((t) => t.action === search.tab) ?? tabs[0];
  const list = (t: RequestTab) => (
    <RequestList action={t.action} caption={t.label} showVendor={viewer !== 'VE'} emptyMessage={t.emptyMessage} />
  );
  return (
    <div className={s.page}>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {actions}
            {search.id ? (
              <Link
                to="."
                search={(prev: Record<string, unknown>) => ({ ...prev, id: undefined })}
                className={buttonClassName({ variant: 'secondary' })}
              >
                Close request #{search.id}
              </Link>
            ) : null}
          </>
        }
      />
      {search.id ? <RequestDetail id={search.id} viewer={viewer} invoiceLink={viewer === 'VE'} /> : null}
      {tabs.length === 1 ? (
        list(current)
      ) : (
        <Tabs
          label="Requests"
          value={current.action}
          onValueChange={(tab) => setFilter({ tab })}
          tabs={tabs.map((t) => ({ value: t.action, label: t.label, content: t === current ? list(t) : null }))}
        />
      )}
      {!search.id ? (
        <EmptyState
          title="No request open"
          description="Choose View on a request to see it, its history and what can be done."
        />
      ) : null}
    </div>
  );
}
