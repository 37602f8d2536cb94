import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../../api/auth';
import { changeMyStatus, technicianDashboardQuery } from '../../../api/professionalJobs';
import { AvailabilityToggle } from './AvailabilityToggle';

/**
 * The technician's 'Available' switch in the top bar. It shows the server's current value (the
 * dashboard's `available`); a change is sent to ChangeMystatus: a success toast when the reply's response_code is
 * '1', otherwise a warning toast with the reply's message. While off, no job is suggested to them or taken by them.
 */
export default function AvailableSwitch() {
  const me = useQuery(meQuery());
  // Until a one-time password is changed the server answers nothing else: the switch waits.
  const dashboard = useQuery({ ...technicianDashboardQuery(), enabled: me.data?.MustChangePassword === false });
  return (
    <AvailabilityToggle
      available={dashboard.data ? (dashboard.data.available ?? false) : undefined}
      operation="changeMystatus"
      send={async (value) => {
        const reply = await changeMyStatus(value);
        return { ok: reply.response_code === '1', message: reply.message };
      }}
    />
  );
}
