import { createFileRoute } from '@tanstack/react-router';
import { bannersQuery, categoriesQuery, newServicesQuery } from '../../api/storefront';
import { LandingPage } from '../-components/storefront/LandingPage';

export const Route = createFileRoute('/_public/CustomerServices')({
  head: () => ({ meta: [{ title: 'Customer services · Doorstep' }] }),
  loader: async ({ context: { queryClient } }) => {
    await Promise.allSettled([
      queryClient.ensureQueryData(categoriesQuery()),
      queryClient.ensureQueryData(bannersQuery('CustomerServices')),
      queryClient.ensureQueryData(newServicesQuery()),
    ]);
  },
  component: () => <LandingPage kind="CustomerServices" />,
});
