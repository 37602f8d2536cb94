import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { customerQueriesQuery } from '../../../api/queries';
import { Card, formatDateTime } from '../../../ui';
import { LoadFailure } from '../Loaded';
import * as s from './callDesk.css';

/** Raised (unanswered) customer queries: how many, and the newest few. Keyed under Queries, so they refresh live. */
export function OpenQueries() {
  const q = useQuery(customerQueriesQuery({ page: 1, pageSize: 5, state: 'raised' }));
  if (!q.data && q.error) return <LoadFailure query={q} />;
  const d = q.data;
  return (
    <Card title={d ? `Open queries (${d.total.toLocaleString('en-IN')})` : 'Open queries'}>
      <LoadFailure query={q} />
      {d && d.items.length === 0 ? <p className={s.muted}>No customer is waiting for an answer.</p> : null}
      <ul className={s.list} aria-label="Newest open queries">
        {(d?.items ?? []).map((x) => (
          <li key={x.id} className={s.item}>
            <span>
              <Link to="/Dashboard/Calldashboard" search={{ q: String(x.orderId) }}>
                Order #{x.orderId}
              </Link>{' '}
              · <bdi>{x.serviceName}</bdi>
            </span>
            <q dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {x.query.length > 160 ? `${x.query.slice(0, 159)}…` : x.query}
            </q>
            <span className={s.muted}>
              <bdi>{x.customerName}</bdi> · {x.customerMobileNo} · raised {formatDateTime(x.queryRaisedDate)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
