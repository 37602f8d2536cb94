import { Link, useNavigate } from '@tanstack/react-router';
import type { RoleCode } from '../../api/session';
import { signOut, useSession } from '../../api/session';
import { Button, buttonClassName, PageHeader } from '../../ui';
import { Narrow } from './Narrow';
import { PublicFrame } from './PublicFrame';
import { AREA_NAME, DASHBOARD, ROLE_NAME } from './roles';

// The two pages a person reaches off the map: an unknown URL, and another role's page. Both keep the site's header
// and footer and say where to go instead. Loaded only when needed (the root route and roleArea name this file).

/** An unknown URL: the site's frame, and a way home. */
export function NotFoundPage() {
  return (
    <PublicFrame>
      <Narrow>
        <PageHeader title="Page not found" description="There is no page at this address. It may have moved." />
        <p style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Link to="/" className={buttonClassName({})}>
            Go to the home page
          </Link>
          <Link to="/Services" className={buttonClassName({ variant: 'secondary' })}>
            Browse services
          </Link>
        </p>
      </Narrow>
    </PublicFrame>
  );
}

/** A signed-in person on a page of another role's area: no access, and where their own area is. */
export function NoAccessPage({ roles, loginPath }: { roles: RoleCode[]; loginPath: '/Admin' | '/Auth' }) {
  const session = useSession();
  const navigate = useNavigate();
  const user = session.matches('signedIn') ? session.context.user : null;
  const owners = roles.map((r) => AREA_NAME[r]).join(' or ');
  return (
    <PublicFrame>
      <Narrow>
        <PageHeader
          title="You have no access to this page"
          description={
            user
              ? `This page is for ${owners}. You are signed in as ${user.FullName} (${ROLE_NAME[user.Role]}).`
              : `This page is for ${owners}.`
          }
        />
        <p style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          {user ? (
            <Link to={DASHBOARD[user.Role]} className={buttonClassName({})}>
              {user.Role === 'Cust' ? 'Go to the home page' : 'Go to my dashboard'}
            </Link>
          ) : null}
          <Button
            variant="secondary"
            onClick={async () => {
              const here = window.location.pathname + window.location.search;
              await signOut();
              navigate({ to: loginPath, search: { redirect: here } });
            }}
          >
            Sign out to use another account
          </Button>
        </p>
      </Narrow>
    </PublicFrame>
  );
}
