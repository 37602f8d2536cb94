import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { Button, EmptyState, Toaster } from '../ui';
import { DocumentTitle } from './-components/DocumentTitle';
import { RouteAnnouncer } from './-components/RouteAnnouncer';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Each route names itself with head: () => ({ meta: [{ title: '<Page> · Doorstep' }] }); the deepest one wins.
  head: () => ({ meta: [{ title: 'Doorstep' }] }),
  component: () => (
    <>
      <DocumentTitle />
      <Outlet />
      <RouteAnnouncer />
      <Toaster />
    </>
  ),
  notFoundComponent: () => (
    <div style={{ padding: '48px 16px' }}>
      <EmptyState title="Page not found" description="The page you asked for does not exist." />
      <p style={{ textAlign: 'center' }}>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  ),
  errorComponent: ({ error, reset }) => (
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
          reset();
          window.location.reload();
        }}
      >
        Try again
      </Button>
    </div>
  ),
});
