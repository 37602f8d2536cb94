// Shared by the records drawn as a state machine (coupons, product requests, payment intents): the history table's
// When, Event, From and To, each state and event in the words of the record's diagram.
import type { Column } from '../DataTable';
import { formatDateTime } from '../format';
import * as s from './transitionColumns.css';

export interface MachineTransition {
  at: string;
  event: string;
  fromState: string | null;
  toState: string;
}

export function transitionColumns<T extends MachineTransition>(labels: Record<string, string>): Column<T>[] {
  const word = (key: string) => labels[key] ?? key;
  return [
    { key: 'at', header: 'When', render: (t) => <span className={s.when}>{formatDateTime(t.at)}</span> },
    { key: 'event', header: 'Event', render: (t) => word(t.event) },
    { key: 'fromState', header: 'From', render: (t) => (t.fromState ? word(t.fromState) : '—') },
    { key: 'toState', header: 'To', render: (t) => word(t.toState) },
  ];
}
