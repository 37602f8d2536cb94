import * as s from './ProfileMenu.css';

export interface ProfileMenuProps {
  fullName: string;
  email: string;
  onChangePassword(): void;
  onLogout(): void;
}

/** "Neha Gupta" → "NG"; "neha" → "N". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** What the profile button shows: the initials avatar and the full name. */
export function ProfileTriggerContent({ fullName }: { fullName: string }) {
  return (
    <>
      <span className={s.avatar} aria-hidden="true">
        {initials(fullName)}
      </span>
      <span className={s.name}>{fullName}</span>
    </>
  );
}
