// Loaded on demand by ProfileMenu (radix DropdownMenu pulls in floating-ui).
import { DropdownMenu } from 'radix-ui';
import { KeyIcon, LogoutIcon } from './icons';
import { type ProfileMenuProps, ProfileTriggerContent } from './ProfileAvatar';
import * as s from './ProfileMenu.css';

export function ProfileDropdown({ fullName, email, onChangePassword, onLogout }: ProfileMenuProps) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={s.trigger}>
        <ProfileTriggerContent fullName={fullName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={s.content} align="end" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Label className={s.who}>
            <span className={s.whoName}>{fullName}</span>
            <span className={s.whoEmail}>{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={s.separator} />
          <DropdownMenu.Item className={s.item} onSelect={() => onChangePassword()}>
            <KeyIcon size={18} />
            Change Password
          </DropdownMenu.Item>
          <DropdownMenu.Item className={s.item} onSelect={() => onLogout()}>
            <LogoutIcon size={18} className={s.flip} />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
