import type { CategoryZone, Zone } from '../../../../api/catalogue';

/** "Andheri (Mumbai)", with "inactive" when the zone is switched off: zone names repeat across cities. */
export function zoneLabel(z: Pick<Zone, 'zoneName' | 'cityName' | 'active'> | CategoryZone): string {
  return `${z.zoneName} (${z.cityName})${z.active ? '' : ' — inactive'}`;
}
