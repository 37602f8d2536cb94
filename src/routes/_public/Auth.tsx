import { createFileRoute, Link } from '@tanstack/react-router';
import { LoginForm } from '../-components/LoginForm';
import { Narrow } from '../-components/Narrow';
import { validateRedirect } from '../-components/roles';

export const Route = createFileRoute('/_public/Auth')({
  head: () => ({ meta: [{ title: 'Sign in · Doorstep' }] }),
  validateSearch: validateRedirect,
  component: function StaffLogin() {
    const { redirect } = Route.useSearch();
    return (
      <Narrow>
        <LoginForm area="user" title="Sign in" identifierLabel="Mobile number or e-mail" redirectTo={redirect} />
        <p style={{ textAlign: 'center' }}>
          New to Doorstep?{' '}
          <Link to="/SignUp" search={{ redirect }}>
            Create an account
          </Link>
        </p>
        {/* Pages both the admin and the accountant use send signed-out visitors here; admins sign in apart. */}
        <p style={{ textAlign: 'center' }}>
          Admin?{' '}
          <Link to="/Admin" search={{ redirect }}>
            Sign in as an admin
          </Link>
        </p>
      </Narrow>
    );
  },
});
