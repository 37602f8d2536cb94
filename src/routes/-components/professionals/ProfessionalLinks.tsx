// A professional's zones and skills as removable chips with an "Add …" picker, each change saved at once.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  addServiceToProfessional,
  addZoneToProfessional,
  deleteServiceFromProfessional,
  deleteZoneFromProfessional,
  professionalServicesQuery,
  professionalZonesQuery,
} from '../../../api/professionals';
import { LinkChips, useLinkChoice, ZoneLinkChips } from '../../_admin/-components/LinkChips';
import { useServicePicker } from './pickers';

/** The professional's territory: the zones they take jobs in. */
export function ProfessionalZones({ id, name, readOnly }: { id: number; name: string; readOnly?: boolean }) {
  const links = useQuery(professionalZonesQuery(id));
  const n = links.data?.length ?? 0;
  return (
    <ZoneLinkChips
      links={links}
      label={(z) => `${z.zoneName}, ${z.cityName}${z.active ? '' : ' (inactive)'}`}
      writes={{
        add: (zone) => addZoneToProfessional(id, zone),
        remove: deleteZoneFromProfessional,
        op: 'addZoneToProfessional',
      }}
      summary={
        n
          ? `${name} takes jobs in ${n} ${n === 1 ? 'zone' : 'zones'}.`
          : `${name} serves no zone yet: no job can reach them.`
      }
      readOnly={readOnly}
    />
  );
}

/** The professional's skills: the services (of their type) they carry out. */
export function ProfessionalServices({
  id,
  name,
  type,
  readOnly,
}: {
  id: number;
  name: string;
  type: string;
  readOnly?: boolean;
}) {
  const links = useQuery(professionalServicesQuery(id));
  const choice = useLinkChoice({
    add: (service) => addServiceToProfessional(id, service),
    remove: deleteServiceFromProfessional,
    op: 'addServiceToProfessional',
  });
  const linked = useMemo(() => new Set((links.data ?? []).map((l) => l.serviceId)), [links.data]);
  const services = useServicePicker(choice.chosen ? [choice.chosen] : [], type, linked);
  const n = links.data?.length ?? 0;
  return (
    <LinkChips
      {...choice}
      title="Skills"
      noun="service"
      links={links.data?.map((x) => ({ id: x.id, label: `${x.serviceName}${x.active ? '' : ' (inactive)'}` }))}
      error={links.error}
      summary={n ? `${name} carries out ${n} ${n === 1 ? 'service' : 'services'}.` : `${name} has no skill yet.`}
      picker={services}
      readOnly={readOnly}
    />
  );
}
