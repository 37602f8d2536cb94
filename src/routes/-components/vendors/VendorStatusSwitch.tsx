import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meQuery } from '../../../api/auth';
import { invalidateAfter } from '../../../api/invalidate';
import { setVendorStatus, vendorStatusQuery } from '../../../api/vendors';
import { Switch, toast } from '../../../ui';
import * as s from '../professional/professional.css';

/**
 * The vendor status flag in the vendor's top bar (the vendor's availability; the vendor-status fetch). The
 * vendor switches it themself (decision 027); it shows the server's value and waits while a change is sent.
 */
export default function VendorStatusSwitch() {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery());
  // Until a one-time password is changed the server answers nothing else.
  const ready = me.data?.MustChangePassword === false;
  const status = useQuery({ ...vendorStatusQuery(me.data?.Id ?? 0), enabled: ready && (me.data?.Id ?? 0) > 0 });
  const [pending, setPending] = useState<boolean | null>(null);
  // A vendor account without a profile yet (404) has no flag to show.
  if (status.isError) return null;
  const checked = pending ?? status.data?.available ?? false;

  const change = async (value: boolean) => {
    setPending(value);
    try {
      const reply = await setVendorStatus(me.data?.Id ?? 0, value);
      toast.success(reply.message);
    } catch (e) {
      toast.warning(e instanceof Error ? e.message : String(e));
    } finally {
      await invalidateAfter(queryClient, 'setVendorStatus');
      setPending(null);
    }
  };

  return (
    <Switch
      className={s.topbarSwitch}
      label="Available"
      checked={checked}
      disabled={!status.data || pending !== null}
      onCheckedChange={change}
    />
  );
}
