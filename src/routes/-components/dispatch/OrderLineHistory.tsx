import { formatDateTime } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import * as s from './dispatch.css';
import { eventLabel, stateLabel } from './labels';

/** One entry of an order line's transition log, as every staff read answers it (dispatch, call desk). */
export interface LineTransition {
  at: string;
  fromState: string | null;
  toState: string;
  event: string;
  actorName: string | null;
  remark: string | null;
}

const COLUMNS: Column<LineTransition>[] = [
  { key: 'at', header: 'When', render: (t) => <span className={s.nowrap}>{formatDateTime(t.at)}</span> },
  { key: 'actorName', header: 'Who', render: (t) => (t.actorName ? <bdi>{t.actorName}</bdi> : 'System') },
  { key: 'fromState', header: 'From', render: (t) => stateLabel(t.fromState) },
  { key: 'toState', header: 'To', render: (t) => stateLabel(t.toState) },
  { key: 'event', header: 'Event', render: (t) => eventLabel(t.event) },
  {
    key: 'remark',
    header: 'Remark',
    render: (t) => (t.remark ? <bdi className={s.note}>{t.remark}</bdi> : '—'),
  },
];

/**
 * An order line's transition log as the server recorded it (oldest first): who, when, from, to, event and remark.
 * Read-only, for any staff screen that shows a line (the admin's line page, the call desk).
 */
export function OrderLineHistory({ history, caption = 'History' }: { history: LineTransition[]; caption?: string }) {
  const size = Math.max(20, history.length);
  return (
    <DataTable
      caption={caption}
      columns={COLUMNS}
      rows={history}
      total={history.length}
      state={{ page: 1, pageSize: size, search: '' }}
      onStateChange={() => {}}
      rowKey={(t) => `${t.at} ${t.event} ${t.toState}`}
      searchable={false}
      pageSizes={[size]}
      emptyMessage="No transitions recorded."
    />
  );
}
