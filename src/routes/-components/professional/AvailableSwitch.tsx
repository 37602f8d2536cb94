import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { meQuery } from '../../../api/auth';
import { invalidateAfter } from '../../../api/invalidate';
import { changeMyStatus, technicianDashboardQuery } from '../../../api/professionalJobs';
import { Switch, toast } from '../../../ui';
import * as s from './professional.css';

/**
 * The technician's 'Available' switch in the top bar. It shows the server's current value (the
 * dashboard's `available`); a change is sent to ChangeMystatus: a success toast when the reply's response_code is
 * '1', otherwise a warning toast with the reply's message. While off, no job is suggested to them or taken by them.
 */
export default function AvailableSwitch() {
  const queryClient = useQueryClient();
  const me = useQuery(meQuery());
  // Until a one-time password is changed the server answers nothing else: the switch waits.
  const dashboard = useQuery({ ...technicianDashboardQuery(), enabled: me.data?.MustChangePassword === false });
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? dashboard.data?.available ?? false;

  const change = async (value: boolean) => {
    setPending(value);
    try {
      const reply = await changeMyStatus(value);
      if (reply.response_code === '1') toast.success(reply.message);
      else toast.warning(reply.message);
    } catch (e) {
      toast.warning(e instanceof Error ? e.message : String(e));
    } finally {
      await invalidateAfter(queryClient, 'changeMystatus');
      setPending(null);
    }
  };

  return (
    <Switch
      className={s.topbarSwitch}
      label="Available"
      checked={checked}
      disabled={!dashboard.data || pending !== null}
      onCheckedChange={change}
    />
  );
}
