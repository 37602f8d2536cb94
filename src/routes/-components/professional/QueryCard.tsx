import { useState } from 'react';
import type { CustomerQuery } from '../../../api/queries';
import { CUSTOMER_QUERY_STATE_LABELS } from '../../../machines/customerQuery/customerQuery.machine';
import { Badge, Button, formatDateTime } from '../../../ui';
import { AnswerQueryForm } from './AnswerQueryForm';
import * as s from './professional.css';

const TONE = { raised: 'warning', answered: 'success', deleted: 'neutral' } as const;

/** A customer's query about one of the professional's jobs, with its answer or a form to answer it. */
export function QueryCard({ q }: { q: CustomerQuery }) {
  const [answering, setAnswering] = useState(false);
  const label = `Query about ${q.serviceName}, order ${q.orderId}`;
  return (
    <li className={s.card} aria-label={label}>
      <div className={s.head}>
        <h3 className={s.title}>{q.serviceName}</h3>
        <Badge tone={TONE[q.state]}>{CUSTOMER_QUERY_STATE_LABELS[q.state]}</Badge>
      </div>
      <p className={s.muted}>
        <bdi>{q.customerName}</bdi> · order #{q.orderId} · {formatDateTime(q.queryRaisedDate)}
      </p>
      <blockquote aria-label="Query" dir="auto" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
        {q.query}
      </blockquote>
      {q.state === 'answered' ? (
        <div role="note" aria-label="Answer">
          <p className={s.muted}>
            Answered {q.queryResDate ? formatDateTime(q.queryResDate) : ''}
            {q.queryResByName ? ` by ${q.queryResByName}` : ''}
          </p>
          <p dir="auto" style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            {q.queryAns}
          </p>
        </div>
      ) : q.allowedEvents.includes('ANSWER') ? (
        answering ? (
          <AnswerQueryForm
            q={q}
            formLabel={`Answer the query about ${q.serviceName}`}
            fieldLabel="Your answer"
            rows={3}
            onCancel={() => setAnswering(false)}
            onSaved={() => setAnswering(false)}
          />
        ) : (
          <div className={s.actions}>
            <Button size="sm" onClick={() => setAnswering(true)} aria-label={`Answer: ${label}`}>
              Answer
            </Button>
          </div>
        )
      ) : null}
    </li>
  );
}
