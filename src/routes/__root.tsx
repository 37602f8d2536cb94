import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Toaster } from '../ui';
import { ConnectionBanner } from './-components/ConnectionBanner';
import { DocumentTitle } from './-components/DocumentTitle';
import { ErrorView } from './-components/ErrorView';
import { RouteAnnouncer } from './-components/RouteAnnouncer';

const NotFoundPage = lazy(() => import('./-components/OffPage').then((m) => ({ default: m.NotFoundPage })));

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // Each route names itself with head: () => ({ meta: [{ title: '<Page> · Doorstep' }] }); the deepest one wins.
  head: () => ({ meta: [{ title: 'Doorstep' }] }),
  component: () => (
    <>
      <DocumentTitle />
      <Outlet />
      <RouteAnnouncer />
      <ConnectionBanner />
      <Toaster />
    </>
  ),
  // The not-found page draws the public frame, which the first page of a staff area does not need: loaded when used.
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  ),
  errorComponent: ({ error, reset }) => <ErrorView error={error} reset={reset} />,
});
