import { lazy, Suspense, useEffect } from 'react';
import { cx } from './cx';
import { type ProfileMenuProps, ProfileTriggerContent } from './ProfileAvatar';
import * as s from './ProfileMenu.css';
import { pendingControl } from './pending.css';

export { initials, type ProfileMenuProps } from './ProfileAvatar';

const loadDropdown = () => import('./ProfileDropdown');
const ProfileDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.ProfileDropdown })));

/** The top bar's account menu: who is signed in (name, e-mail), Change Password and Logout. */
export function ProfileMenu(props: ProfileMenuProps) {
  useEffect(() => {
    loadDropdown().catch(() => {});
  }, []);
  return (
    <Suspense
      fallback={
        <button type="button" className={cx(s.trigger, pendingControl)} disabled>
          <ProfileTriggerContent fullName={props.fullName} />
        </button>
      }
    >
      <ProfileDropdown {...props} />
    </Suspense>
  );
}
