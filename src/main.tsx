import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { meQuery } from './api/auth';
import { ApiError } from './api/client';
import { sessionView, subscribeSession } from './api/session';
import { primePaintedPage } from './api/storefront';
import { routeTree } from './routeTree.gen';
import { LoadingPlaceholder } from './ui';
import './ui/global.css';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: LoadingPlaceholder,
  defaultPendingMs: 150,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// When the session ends (expired, revoked, signed out), guarded pages re-check and redirect.
let wasSignedIn = sessionView().matches('signedIn');
subscribeSession(() => {
  const s = sessionView();
  const signedIn = s.matches('signedIn');
  if (wasSignedIn && !signedIn && s.matches('signedOut')) {
    queryClient.clear();
    router.invalidate();
  }
  wasSignedIn = signedIn;
});

// A tab opened signed in (the session cookie is the browser's, decision 043) asks the server whether the session still
// lives; a dead one answers 401, which signs the tab out. Staff areas read the same query, so it is asked once.
if (sessionView().matches('signedIn')) void queryClient.prefetchQuery(meQuery());

// A painted page's first reads, when the server inlined them (docs/decisions/009).
primePaintedPage(queryClient);

const root = createRoot(document.getElementById('root')!);
// A transition: React renders the first page in slices, yielding to the browser between them, instead of in one
// long task that blocks input (Lighthouse's Total Blocking Time).
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
