import { useQuery } from '@tanstack/react-query';
import { addZoneToCategory, categoryZonesQuery, deleteZoneFromCategory } from '../../../../api/catalogue';
import { ZoneLinkChips } from '../../-components/LinkChips';
import { zoneLabel } from './zoneLabel';

/** The zones a category is offered in: removable chips and an "Add zone" picker, each change saved at once. */
export function CategoryZones({ categoryId, categoryName }: { categoryId: number; categoryName: string }) {
  const links = useQuery(categoryZonesQuery(categoryId));
  const n = links.data?.length ?? 0;
  return (
    <ZoneLinkChips
      links={links}
      label={zoneLabel}
      writes={{
        add: (zone) => addZoneToCategory(categoryId, zone),
        remove: deleteZoneFromCategory,
        op: 'addZoneToCategory',
      }}
      summary={
        n
          ? `${categoryName} is offered in ${n} ${n === 1 ? 'zone' : 'zones'}.`
          : `${categoryName} is not offered in any zone yet.`
      }
      pickerFailed="Zones could not be loaded"
    />
  );
}
