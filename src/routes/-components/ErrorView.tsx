import { Button, EmptyState } from '../../ui';

/** A page that failed to load or render: what went wrong in words, and a way to try again. */
export function ErrorView({ error, reset }: { error: unknown; reset?: () => void }) {
  return (
    <div role="alert" style={{ padding: '48px 16px', textAlign: 'center' }}>
      <EmptyState
        title="Something went wrong"
        description={
          /dynamically imported module|Importing a module script failed|chunk/i.test(String((error as Error)?.message))
            ? 'Part of the page could not be loaded. Check your connection and try again.'
            : String((error as Error)?.message ?? error)
        }
      />
      <Button
        onClick={() => {
          reset?.();
          window.location.reload();
        }}
      >
        Try again
      </Button>
    </div>
  );
}
