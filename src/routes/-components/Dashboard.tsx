import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../api/auth';
import { dashboardCountsQuery } from '../../api/dashboard';
import { Card, PageHeader, StatCard, StatGrid } from '../../ui';
import { LoadFailure } from './Loaded';
import { ROLE_NAME } from './roles';

export function ProfileCard() {
  const me = useQuery(meQuery());
  if (!me.data) return null;
  const u = me.data;
  return (
    <Card title="My profile">
      <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '6px 16px', margin: 0 }}>
        <dt>Name</dt>
        <dd style={{ margin: 0 }}>{u.FullName}</dd>
        <dt>Role</dt>
        <dd style={{ margin: 0 }}>{ROLE_NAME[u.Role]}</dd>
        <dt>E-mail</dt>
        <dd style={{ margin: 0 }}>{u.Email ?? '—'}</dd>
        <dt>Mobile</dt>
        <dd style={{ margin: 0 }}>{u.MobileNo}</dd>
      </dl>
    </Card>
  );
}

export function Counts() {
  const counts = useQuery(dashboardCountsQuery());
  if (!counts.data && counts.error) return <LoadFailure query={counts} />;
  const c = counts.data;
  const staff = c ? Object.values(c.staffByRole).reduce((a, b) => a + b, 0) : 0;
  return (
    <>
      <LoadFailure query={counts} />
      <StatGrid>
        <StatCard label="Customers" value={c?.customers ?? '…'} />
        <StatCard label="Staff, professionals and vendors" value={c ? staff : '…'} />
        <StatCard label="Professionals" value={c?.staffByRole.TE ?? (c ? 0 : '…')} />
        <StatCard label="Vendors" value={c?.staffByRole.VE ?? (c ? 0 : '…')} />
        <StatCard label="Categories" value={c?.categories ?? '…'} />
        <StatCard label="Sub-categories" value={c?.subCategories ?? '…'} />
        <StatCard label="Services" value={c ? `${c.activeServices} / ${c.services}` : '…'} hint="active / all" />
        <StatCard label="Zones" value={c ? `${c.activeZones} / ${c.zones}` : '…'} hint="active / all" />
        <StatCard label="Pincodes served" value={c?.pincodes ?? '…'} />
        <StatCard label="States and UTs" value={c?.states ?? '…'} />
        <StatCard label="Cities" value={c?.cities ?? '…'} />
      </StatGrid>
    </>
  );
}

export function RoleDashboard({ title, counts }: { title: string; counts: boolean }) {
  return (
    <>
      <PageHeader title={title} />
      <div style={{ display: 'grid', gap: 16 }}>
        {counts && <Counts />}
        <ProfileCard />
      </div>
    </>
  );
}
