import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { unreadNotificationCountQuery } from '../../api/notifications';
import * as s from './NotificationBell.css';
import { NOTIFICATIONS } from './notifications/words';

/**
 * The header's bell for a signed-in person: opens /Notification, with the unread count as a badge. The header renders
 * it (and loads its code) only while someone is signed in, so a visitor's home page makes no call for the count.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const count = useQuery(unreadNotificationCountQuery(userId));
  const unread = count.data ?? 0;
  return (
    <Link to="/Notification" className={s.bell} aria-label={NOTIFICATIONS.bell(unread)} title={NOTIFICATIONS.title}>
      <svg
        width={20}
        height={20}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span className={s.badge} aria-hidden="true" data-testid="unread-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
