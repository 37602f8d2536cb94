import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery, categoriesQuery, servicesPageQuery, subCategoryQuery } from '../../api/storefront';
import { ServiceCatalogue } from '../-components/storefront/ServiceCatalogue';
import { servicesFilter, servicesSearch } from '../-components/storefront/search';

export const Route = createFileRoute('/_public/allServices')({
  head: () => ({ meta: [{ title: 'All services · Doorstep' }] }),
  validateSearch: servicesSearch,
  // Only the first visit waits for the data; later filter changes keep the page (and the search box) in place.
  loader: async ({ context: { queryClient }, location }) => {
    const search = servicesSearch(location.search as Record<string, unknown>);
    await Promise.allSettled([
      queryClient.ensureQueryData(servicesPageQuery(servicesFilter('/allServices', search))),
      queryClient.ensureQueryData(categoriesQuery()),
      queryClient.ensureQueryData(bannersQuery('Services')),
      search.subCategoryId ? queryClient.ensureQueryData(subCategoryQuery(search.subCategoryId)) : null,
    ]);
  },
  component: function AllServicesPage() {
    return <ServiceCatalogue to="/allServices" search={Route.useSearch()} />;
  },
});
