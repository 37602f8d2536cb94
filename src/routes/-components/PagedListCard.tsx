// A customer's paged list in a card (their queries, their notifications): loading, the error, the empty state, or the
// items as a list with a pager under it. The words are the caller's, from its area's words.ts (decision 048).
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, EmptyState, Pager } from '../../ui';
import { Loaded } from './Loaded';

export interface PagedListCardProps<T> {
  /** The card's title (`yours`, also the list's name unless `listLabel` says otherwise), empty state and pager. */
  words: { yours: string; noneTitle: string; noneText: string; pages: string };
  listLabel?: string;
  list: UseQueryResult<{ items: T[]; total: number }>;
  paging: { page: number; pageSize: number; onPage(page: number): void };
  /** Space between the items, in pixels. */
  gap: number;
  children(item: T): ReactNode;
}

export function PagedListCard<T>({
  words: W,
  listLabel = W.yours,
  list,
  paging: { page, pageSize, onPage },
  gap,
  children,
}: PagedListCardProps<T>) {
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Card title={W.yours}>
      <Loaded query={list}>
        {(data) =>
          total === 0 ? (
            <EmptyState title={W.noneTitle} description={W.noneText} />
          ) : (
            <div style={{ display: 'grid', gap: 12 }}>
              <ul aria-label={listLabel} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap }}>
                {data.items.map(children)}
              </ul>
              <Pager page={page} pages={pages} label={W.pages} onPage={onPage} />
            </div>
          )
        }
      </Loaded>
    </Card>
  );
}
