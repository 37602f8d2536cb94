import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../../api/auth';
import { setVendorStatus, vendorStatusQuery } from '../../../api/vendors';
import { AvailabilityToggle } from '../professional/AvailabilityToggle';

/**
 * The vendor status flag in the vendor's top bar (the vendor's availability; the vendor-status fetch). The
 * vendor switches it themself (decision 027); it shows the server's value and waits while a change is sent.
 */
export default function VendorStatusSwitch() {
  const me = useQuery(meQuery());
  // Until a one-time password is changed the server answers nothing else.
  const ready = me.data?.MustChangePassword === false;
  const status = useQuery({ ...vendorStatusQuery(me.data?.Id ?? 0), enabled: ready && (me.data?.Id ?? 0) > 0 });
  // A vendor account without a profile yet (404) has no flag to show.
  if (status.isError) return null;
  return (
    <AvailabilityToggle
      available={status.data ? (status.data.available ?? false) : undefined}
      operation="setVendorStatus"
      send={async (value) => ({ ok: true, message: (await setVendorStatus(me.data?.Id ?? 0, value)).message })}
    />
  );
}
