// The words of a person's notifications: the /Notification page and the header's bell
// (docs/decisions/048-words-in-one-place.md). Each notification's title and text come from the server.
export const NOTIFICATIONS = {
  title: 'Notifications',
  bell: (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications'),
  unreadCount: (n: number) => `${n} unread`,
  allRead: 'All read',
  markAll: 'Mark all as read',
  yours: 'Your notifications',
  noneTitle: 'No notifications yet',
  noneText: 'Your orders, payments, wallet and queries will be announced here.',
  list: 'Notifications',
  pages: 'Notification pages',
  newServices: 'New services',
  newWhat: 'new services',
  nothingNew: 'Nothing new just yet.',
  named: (read: boolean, title: string) => `${read ? '' : 'Unread: '}${title}`,
  unread: 'Unread',
  open: 'Open',
  markRead: 'Mark as read',
  markReadNamed: (title: string) => `Mark as read: ${title}`,
} as const;
