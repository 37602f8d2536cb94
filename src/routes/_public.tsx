import { createFileRoute, Outlet } from '@tanstack/react-router';
import { PublicFrame } from './-components/PublicFrame';

export const Route = createFileRoute('/_public')({
  component: () => (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  ),
});
