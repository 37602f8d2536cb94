import type { ReactNode } from 'react';
import type { DispatchLineDetail } from '../../../api/dispatch';
import { Card, formatDateTime, formatRupees, formatSlot } from '../../../ui';
import * as s from './dispatch.css';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={s.facts}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt className={s.term}>{label}</dt>
          <dd className={s.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One order line as staff see it: the line and its order, the customer, the professional (with the rejections and
 * any override of the dispatch rules). Every value is the server's (GetOrderLine); read-only.
 */
export function OrderLineFacts({ line }: { line: DispatchLineDetail }) {
  const pro = line.professional;
  return (
    <div className={s.cards}>
      <Card title="Line">
        <Facts
          rows={[
            ['Service', <bdi key="s">{line.serviceName}</bdi>],
            ['Category', <bdi key="c">{line.categoryName}</bdi>],
            ['Quantity', line.quantity],
            ['Slot', formatSlot(line.slotStart)],
            ['Total', formatRupees(line.total)],
            ['Zone', line.zoneName ? <bdi key="z">{line.zoneName}</bdi> : '—'],
            ['Area', <bdi key="a">{line.area}</bdi>],
            ...(line.cancelledAt
              ? ([
                  ['Cancelled', formatDateTime(line.cancelledAt)],
                  ['Reason', line.cancelReason ? <bdi key="r">{line.cancelReason}</bdi> : '—'],
                ] as [string, ReactNode][])
              : []),
            ...(line.completedAt ? ([['Completed', formatDateTime(line.completedAt)]] as [string, ReactNode][]) : []),
            ...(line.rating !== null ? ([['Rating', `${line.rating} of 5`]] as [string, ReactNode][]) : []),
          ]}
        />
      </Card>
      <Card title="Order and customer">
        <Facts
          rows={[
            ['Order', `#${line.orderId}`],
            ['Placed', formatDateTime(line.placedAt)],
            ['Customer', <bdi key="n">{line.customerName}</bdi>],
            ['Mobile', line.customerMobileNo],
          ]}
        />
      </Card>
      <Card title="Professional">
        {pro ? (
          <Facts
            rows={[
              ['Name', <bdi key="n">{pro.fullName}</bdi>],
              ['Mobile', pro.mobileNo],
              ['Assigned', line.assignedAt ? formatDateTime(line.assignedAt) : '—'],
              ...(line.assignmentOverride
                ? ([['Rules overridden', <bdi key="o">{line.assignmentOverride}</bdi>]] as [string, ReactNode][])
                : []),
            ]}
          />
        ) : (
          <p className={s.muted}>No professional holds this line.</p>
        )}
        {line.rejections.length > 0 ? (
          <>
            <h3 className={s.term} style={{ marginBlock: '12px 4px' }}>
              Rejected by
            </h3>
            <ul style={{ margin: 0, paddingInlineStart: '1.2em' }}>
              {line.rejections.map((r) => (
                <li key={`${r.professionalUserId} ${r.at}`}>
                  <bdi>{r.fullName}</bdi>, {formatDateTime(r.at)}
                  {r.reason ? (
                    <>
                      : <bdi>{r.reason}</bdi>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
    </div>
  );
}
