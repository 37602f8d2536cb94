import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, client } from './client';
import { keyOf } from './kit';
import type { components } from './schema.gen';

export type PersonNotification = components['schemas']['Notification'];

/** The caller's own notifications, newest first, with the unread count. */
export const myNotificationsQuery = (p: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: keyOf('Notifications', 'getMyNotifications', p),
    queryFn: async () =>
      (await call(client.GET('/api/Notifications/Mine', { params: { query: { page: p.page, pageSize: p.pageSize } } })))
        .data,
    placeholderData: keepPreviousData,
  });

/** The header bell's count (the bell is shown only while someone is signed in). */
export const unreadNotificationCountQuery = (userId: number) =>
  queryOptions({
    queryKey: keyOf('Notifications', 'getUnreadNotificationCount', { userId }),
    queryFn: async () => (await call(client.GET('/api/Notifications/UnreadCount'))).data.unread,
    staleTime: 30_000,
  });

/** Marks the listed notifications (or all of them) read. */
export const markNotificationsRead = (body: { ids: number[] } | { all: true }) =>
  call(client.POST('/api/Notifications/MarkRead', { body }));
