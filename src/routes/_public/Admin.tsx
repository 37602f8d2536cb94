import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../-components/LoginForm';
import { Narrow } from '../-components/Narrow';
import { validateRedirect } from '../-components/roles';

export const Route = createFileRoute('/_public/Admin')({
  head: () => ({ meta: [{ title: 'Admin sign in · Doorstep' }] }),
  validateSearch: validateRedirect,
  component: function AdminLogin() {
    const { redirect } = Route.useSearch();
    return (
      <Narrow>
        <LoginForm area="admin" title="Admin sign in" identifierLabel="E-mail or mobile number" redirectTo={redirect} />
      </Narrow>
    );
  },
});
