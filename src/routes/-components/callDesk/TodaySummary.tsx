import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { callDeskSummaryQuery } from '../../../api/callDesk';
import { Card, formatDate, formatDateTime, formatSlot, StatCard, StatGrid } from '../../../ui';
import { stateLabel } from '../dispatch/labels';
import { LoadFailure } from '../Loaded';
import * as s from './callDesk.css';

/** Today's lines by state, then the unassigned lines by how long they have waited, the oldest few listed. */
export function TodaySummary() {
  const q = useQuery(callDeskSummaryQuery());
  if (!q.data && q.error) return <LoadFailure query={q} />;
  const d = q.data;
  return (
    <div className={s.cards}>
      <LoadFailure query={q} />
      <Card title={d ? `Today, ${formatDate(d.day)}` : 'Today'}>
        <p className={s.muted}>Visits whose slot is today (India time), by state.</p>
        <StatGrid label="Today's visits by state">
          <StatCard label="All today" value={d?.totalToday ?? '…'} />
          {(d?.byState ?? []).map((x) => (
            <StatCard key={x.state} label={stateLabel(x.state)} value={x.count} />
          ))}
        </StatGrid>
      </Card>
      <Card title="Waiting for a professional">
        <p className={s.muted}>Unassigned visits by how long they have waited.</p>
        <StatGrid label="Unassigned visits by age">
          <StatCard label="All unassigned" value={d?.unassigned.total ?? '…'} />
          {(d?.unassigned.buckets ?? []).map((b) => (
            <StatCard key={b.key} label={b.label} value={b.count} />
          ))}
        </StatGrid>
        {d && d.unassigned.oldest.length > 0 ? (
          <>
            <h3 className={s.lineTitle} style={{ marginBlockStart: 12 }}>
              Waiting longest
            </h3>
            <ul className={s.list} aria-label="Waiting longest">
              {d.unassigned.oldest.map((l) => (
                <li key={l.lineId} className={s.item}>
                  <Link to="/Dashboard/Calldashboard" search={{ q: String(l.orderId) }}>
                    Order #{l.orderId}: <bdi>{l.serviceName}</bdi>
                  </Link>
                  <span className={s.muted}>
                    <bdi>{l.customerName}</bdi> · {l.customerMobileNo}
                    {l.zoneName ? (
                      <>
                        {' '}
                        · <bdi>{l.zoneName}</bdi>
                      </>
                    ) : null}{' '}
                    · slot {formatSlot(l.slotStart)} · waiting since {formatDateTime(l.waitingSince)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
    </div>
  );
}
