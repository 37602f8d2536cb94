// "Special offers add": the services of one package, with a picker to add one and a Remove button on each.
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { invalidateAfter } from '../../../api/invalidate';
import { addPackageService, deletePackageService, type SpecialPackage } from '../../../api/packages';
import { Alert, Badge, Button, formatRupees, toast } from '../../../ui';
import { SearchSelectField } from '../../../ui/form';
import { DeleteAction } from '../../_admin/-components/DeleteAction';
import { Img } from '../storefront/parts';
import * as s from './packages.css';
import { useServicePicker } from './useServicePicker';

export const MAX_PACKAGE_SERVICES = 20;

export function PackageServices({ pkg }: { pkg: SpecialPackage }) {
  const queryClient = useQueryClient();
  const inPackage = useMemo(() => new Set(pkg.services.map((v) => v.serviceId)), [pkg.services]);
  const picker = useServicePicker(inPackage);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const full = pkg.services.length >= MAX_PACKAGE_SERVICES;
  const saving = Math.round((pkg.servicesValue - pkg.price) * 100) / 100;

  async function add() {
    if (!chosen) {
      setError('Choose a service to add');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const reply = await addPackageService(pkg.id, Number(chosen));
      toast.success(reply.message);
      setChosen('');
      await invalidateAfter(queryClient, 'addPackageService');
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={s.stack}>
      <dl className={s.totals}>
        <div>
          <dt>Services on their own</dt>
          <dd>{formatRupees(pkg.servicesValue)} before GST</dd>
        </div>
        <div>
          <dt>Package price</dt>
          <dd>{formatRupees(pkg.price)} before GST</dd>
        </div>
        <div>
          <dt>Customer saves</dt>
          <dd>{saving > 0 ? formatRupees(saving) : 'nothing: the package costs more than its services'}</dd>
        </div>
      </dl>
      {pkg.services.length === 0 ? (
        <Alert tone="info">This package has no services yet: visitors do not see it until it has one.</Alert>
      ) : (
        <ul className={s.serviceList} aria-label={`Services in ${pkg.pkgName}`}>
          {pkg.services.map((v) => (
            <li key={v.id} className={s.serviceRow}>
              <Img src={v.imageUrl} alt="" width={56} height={40} className={s.serviceImg} fallback={v.heading} />
              <span>
                <span className={s.serviceName} dir="auto">
                  {v.heading}
                </span>{' '}
                {v.available ? null : <Badge tone="warning">Not on offer: the package is hidden</Badge>}
                <span className={s.serviceMeta}>
                  {formatRupees(v.price)}
                  {v.discountPercent ? `, ${v.discountPercent}% off` : ''} → {formatRupees(v.value)} before GST · GST{' '}
                  {v.gstPercent}%
                </span>
              </span>
              <DeleteAction
                label={`Remove ${v.heading} from ${pkg.pkgName}`}
                title={`Remove ${v.heading}?`}
                message={`${v.heading} leaves the package ${pkg.pkgName}. Carts that already hold the package keep their lines, priced as normal services from now on.`}
                onDelete={() => deletePackageService(v.id)}
                operation="deletePackageService"
              />
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <Alert tone="info">A package holds at most {MAX_PACKAGE_SERVICES} services.</Alert>
      ) : (
        <div className={s.addRow}>
          <div className={s.grow}>
            <SearchSelectField
              label="Service to add"
              name="ServiceId"
              placeholder="Choose a service"
              options={picker.options}
              search={picker.search}
              value={chosen}
              onChange={(id) => {
                setChosen(id);
                setError(undefined);
              }}
              error={error}
              disabled={busy}
            />
          </div>
          <Button onClick={add} loading={busy}>
            Add service
          </Button>
        </div>
      )}
    </div>
  );
}
