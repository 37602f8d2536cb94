import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery, categoriesQuery, servicesPageQuery, subCategoryQuery } from '../../api/storefront';
import { ServiceCatalogue } from '../-components/storefront/ServiceCatalogue';
import { servicesFilter, servicesSearch } from '../-components/storefront/search';

export const Route = createFileRoute('/_public/Services')({
  head: () => ({ meta: [{ title: 'Services · Doorstep' }] }),
  validateSearch: servicesSearch,
  // Only the first visit waits for the data; later filter changes keep the page (and the search box) in place.
  loader: async ({ context: { queryClient }, location }) => {
    const search = servicesSearch(location.search as Record<string, unknown>);
    await Promise.allSettled([
      queryClient.ensureQueryData(servicesPageQuery(servicesFilter('/Services', search))),
      queryClient.ensureQueryData(categoriesQuery()),
      queryClient.ensureQueryData(bannersQuery('Services')),
      search.subCategoryId ? queryClient.ensureQueryData(subCategoryQuery(search.subCategoryId)) : null,
    ]);
  },
  component: function ServicesPage() {
    return <ServiceCatalogue to="/Services" search={Route.useSearch()} />;
  },
});
