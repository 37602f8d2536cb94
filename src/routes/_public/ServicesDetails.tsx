import { createFileRoute } from '@tanstack/react-router';
import { serviceQuery } from '../../api/storefront';
import { ServiceDetails } from '../-components/storefront/ServiceDetails';
import { posInt } from '../-components/storefront/search';

export const Route = createFileRoute('/_public/ServicesDetails')({
  validateSearch: (s: Record<string, unknown>): { id?: number } => ({ id: posInt(s.id) }),
  loaderDeps: ({ search }) => ({ id: search.id ?? 0 }),
  // A missing or withdrawn service (404) is shown by the page itself, not as an error.
  loader: async ({ context: { queryClient }, deps: { id } }) => {
    const service = id ? await queryClient.ensureQueryData(serviceQuery(id)).catch(() => undefined) : undefined;
    return { heading: service?.heading };
  },
  head: ({ loaderData }) => ({ meta: [{ title: `${loaderData?.heading ?? 'Service'} · Doorstep` }] }),
  component: function ServicesDetailsRoute() {
    return <ServiceDetails id={Route.useSearch().id} />;
  },
});
