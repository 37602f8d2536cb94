import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { useState } from 'react';
import { invalidateAfter } from '../../api/invalidate';
import { markNotificationsRead, myNotificationsQuery, type PersonNotification } from '../../api/notifications';
import { sessionUser } from '../../api/session';
import { newServicesQuery } from '../../api/storefront';
import { Badge, Button, formatDateTime, PageHeader, toast } from '../../ui';
import { NOTIFICATIONS as W } from '../-components/notifications/words';
import { PagedListCard } from '../-components/PagedListCard';
import { QueryView, Section, ServiceGrid } from '../-components/storefront/parts';
import * as st from '../-components/storefront/storefront.css';
import * as s from '../-components/wallet/wallet.css';

export const Route = createFileRoute('/_public/Notification')({
  head: () => ({ meta: [{ title: 'Notifications · Doorstep' }] }),
  // A public-area page for signed-in people: anyone else signs in first and comes back.
  beforeLoad: ({ location }) => {
    if (!sessionUser()) throw redirect({ to: '/Auth', search: { redirect: location.href } });
  },
  component: Notifications,
});

const PAGE_SIZE = 20;

/** The link of a notification is a path of this site; anything else is not followed. */
const ownPath = (link: string | null) => (link && /^\/(?!\/)/.test(link) ? link : null);

function Notifications() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(myNotificationsQuery({ page, pageSize: PAGE_SIZE }));
  const launches = useQuery(newServicesQuery());
  const [busy, setBusy] = useState(false);
  const unread = list.data?.unread ?? 0;

  async function mark(body: { ids: number[] } | { all: true }) {
    setBusy(true);
    try {
      const reply = await markNotificationsRead(body);
      await invalidateAfter(queryClient, 'markNotificationsRead');
      toast.success(reply.message);
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={st.page}>
      <div className={s.page}>
        <PageHeader
          title={W.title}
          description={list.data ? (unread ? W.unreadCount(unread) : W.allRead) : undefined}
          actions={
            unread > 0 ? (
              <Button variant="secondary" loading={busy} onClick={() => mark({ all: true })}>
                {W.markAll}
              </Button>
            ) : null
          }
        />
        <PagedListCard
          words={W}
          listLabel={W.list}
          list={list}
          paging={{ page, pageSize: PAGE_SIZE, onPage: setPage }}
          gap={8}
        >
          {(n) => <NotificationItem key={n.id} n={n} busy={busy} onRead={() => mark({ ids: [n.id] })} />}
        </PagedListCard>
        <Section title={W.newServices} id="new-services">
          <QueryView query={launches} label={W.newWhat}>
            {(services) =>
              services.length ? <ServiceGrid services={services} strip /> : <p className={s.muted}>{W.nothingNew}</p>
            }
          </QueryView>
        </Section>
      </div>
    </div>
  );
}

function NotificationItem({ n, busy, onRead }: { n: PersonNotification; busy: boolean; onRead(): void }) {
  const link = ownPath(n.link);
  return (
    <li
      aria-label={W.named(n.read, n.title)}
      style={{
        border: '1px solid var(--border, #d0d5dd)',
        borderInlineStartWidth: n.read ? 1 : 4,
        borderRadius: 8,
        padding: 12,
        display: 'grid',
        gap: 4,
      }}
    >
      <div className={s.rowActions} style={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <strong>{n.title}</strong>
        {n.read ? null : <Badge tone="info">{W.unread}</Badge>}
      </div>
      <p style={{ margin: 0, overflowWrap: 'anywhere' }}>{n.body}</p>
      <div className={s.rowActions} style={{ flexWrap: 'wrap' }}>
        <time dateTime={n.createdAt} className={s.muted}>
          {formatDateTime(n.createdAt)}
        </time>
        {link ? (
          <Link to={link} onClick={() => (n.read ? undefined : onRead())}>
            {W.open}
          </Link>
        ) : null}
        {n.read ? null : (
          <Button variant="ghost" size="sm" disabled={busy} onClick={onRead} aria-label={W.markReadNamed(n.title)}>
            {W.markRead}
          </Button>
        )}
      </div>
    </li>
  );
}
