import { createFileRoute } from '@tanstack/react-router';
import { adminDashboardQuery } from '../../../api/adminDashboard';
import { AdminDashboardPage } from './-components/AdminDashboardPage';

// The admin's landing page (decision 061): the day's business, each figure linking to its list.
export const Route = createFileRoute('/_admin/Dashboard/AdminDashboard')({
  head: () => ({ meta: [{ title: 'Admin dashboard · Doorstep' }] }),
  loader: ({ context }) => context.queryClient.prefetchQuery(adminDashboardQuery()),
  component: AdminDashboardPage,
});
