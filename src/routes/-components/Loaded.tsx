import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert, Button, LoadingPlaceholder } from '../../ui';

// What a page shows of a read (docs/operation-kit.md, "Reads on screen"). A refresh that fails keeps what was already
// loaded on screen, and with it any dialog opened over it and what was typed there; only a first load that fails
// shows the error in its place. Either way the error comes with a retry.

const WORDS = {
  retry: 'Try again',
  stale: (message: string) => `Not up to date: ${message}`,
} as const;

type Read = Pick<UseQueryResult<unknown>, 'data' | 'error' | 'isFetching' | 'refetch'>;

/** A read's failure, or nothing: in place of the data before any arrived, as a quiet notice above it after. */
export function LoadFailure({ query, title }: { query: Read; title?: string }) {
  if (!query.error) return null;
  const stale = query.data !== undefined;
  return (
    <Alert
      tone={stale ? 'warning' : 'danger'}
      title={stale ? undefined : title}
      action={
        <Button size="sm" variant="secondary" loading={query.isFetching} onClick={() => query.refetch()}>
          {WORDS.retry}
        </Button>
      }
    >
      {stale ? WORDS.stale(query.error.message) : query.error.message}
    </Alert>
  );
}

/** What stands where a read's data goes before any arrived: its loading placeholder, or its failure. */
export function NotLoaded({
  query,
  loadingLabel,
  failedTitle,
}: {
  query: Read;
  loadingLabel?: string;
  failedTitle?: string;
}) {
  return query.error ? <LoadFailure query={query} title={failedTitle} /> : <LoadingPlaceholder label={loadingLabel} />;
}

/**
 * A read's data as `children` draws it, once there is some; until then its loading placeholder, or its failure.
 * Data already shown stays when a refresh fails, under a notice.
 */
export function Loaded<T>({
  query,
  loadingLabel,
  failedTitle,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel?: string;
  /** Above the error when the first load failed: what could not be loaded. */
  failedTitle?: string;
  children(data: T): ReactNode;
}) {
  if (query.data === undefined)
    return <NotLoaded query={query} loadingLabel={loadingLabel} failedTitle={failedTitle} />;
  return (
    <>
      <LoadFailure query={query} />
      {children(query.data)}
    </>
  );
}
