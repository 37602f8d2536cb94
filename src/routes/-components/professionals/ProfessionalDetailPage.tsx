import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { professionalQuery } from '../../../api/professionals';
import { Badge, buttonClassName, Card, formatDate, PageHeader, StatCard, StatGrid } from '../../../ui';
import * as s from '../../_admin/-components/admin.css';
import { StatusToggle } from '../../_admin/-components/StatusToggle';
import { LoadFailure, NotLoaded } from '../Loaded';
import { ProfessionalServices, ProfessionalZones } from './ProfessionalLinks';
import { useProfessionalRights } from './useRole';

/** One professional: their profile (full Aadhaar for the admin and HR only), rating, Active switch, zones and skills. */
export function ProfessionalDetailPage({ id }: { id: number }) {
  const q = useQuery(professionalQuery(id));
  const rights = useProfessionalRights();
  const p = q.data;
  if (!p) return <NotLoaded query={q} />;
  const rows: [string, string][] = [
    ['Type', p.professionalType],
    ['Mobile number', p.mobileNo],
    ['Alternative contact', p.altContactNo ?? '—'],
    ['E-mail', p.email ?? '—'],
    ['Birth date', p.birthDate ? formatDate(p.birthDate) : '—'],
    ['Joining date', formatDate(p.joiningDate)],
    ['Address', [p.addressLine1, p.addressLine2, `${p.cityName} ${p.pinCode}`, p.stateName].filter(Boolean).join(', ')],
    ['Home zone', p.homeZoneName ?? 'Their pincode is in no zone'],
    ['PAN', p.panNumber],
    ['Aadhaar', p.aadharNumber],
    ['Vendor', p.vendorName ?? '—'],
    ['Added', formatDate(p.createdDate)],
  ];
  return (
    <div className={s.page}>
      <LoadFailure query={q} />
      <PageHeader
        title={p.fullName}
        description={`${p.professionalType} · ${p.cityName}${p.homeZoneName ? ` · ${p.homeZoneName}` : ''}`}
        actions={
          rights.manage ? (
            <Link
              to="/Employee/EmployeeUpdate"
              search={{ id: p.id }}
              className={buttonClassName({ variant: 'secondary' })}
            >
              Edit
            </Link>
          ) : undefined
        }
      />
      <StatGrid>
        <StatCard
          label="Average rating"
          value={p.averageRating === null ? 'Not rated yet' : `${p.averageRating.toFixed(1)} ★`}
          hint={`${p.ratingCount} rating${p.ratingCount === 1 ? '' : 's'}`}
        />
        <StatCard label="Open jobs" value={String(p.openLines)} hint="Assigned or accepted now" />
        <StatCard label="Available" value={p.available ? 'Yes' : 'No'} hint="Their own switch in the app" />
      </StatGrid>
      <Card title="Account">
        <div className={s.stack}>
          {rights.toggle ? (
            <StatusToggle kind="Professional" id={p.id} active={p.active} label={`Active: ${p.fullName}`} />
          ) : (
            <p>{p.active ? 'Active' : 'Inactive: they cannot sign in and get no jobs.'}</p>
          )}
          <p className={s.muted}>
            Switching a professional off signs them out, stops new jobs and sends their open jobs back to the unassigned
            list.
          </p>
          {p.mustChangePassword ? <Badge tone="warning">One-time password not changed yet</Badge> : null}
        </div>
      </Card>
      <Card title="Profile">
        <dl className={s.priceList}>
          {rows.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{k}</dt>
              <dd className={s.priceValue}>{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <ProfessionalZones id={p.id} name={p.fullName} readOnly={!rights.manage} />
      <ProfessionalServices id={p.id} name={p.fullName} type={p.professionalType} readOnly={!rights.manage} />
    </div>
  );
}
