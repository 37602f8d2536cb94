import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import {
  addServiceToProfessional,
  addZoneToProfessional,
  deleteServiceFromProfessional,
  deleteZoneFromProfessional,
  professionalServicesQuery,
  professionalZonesQuery,
} from '../../../api/professionals';
import { Alert, Button, Card, toast } from '../../../ui';
import { SearchSelectField, type SelectOption, type ServerSearch } from '../../../ui/form';
import * as s from '../../_admin/-components/admin.css';
import { useZonePicker } from '../../_admin/-components/pickers';
import { useServicePicker } from './pickers';

interface Link {
  id: number;
  label: string;
}

interface ChipsProps {
  title: string;
  noun: string;
  links?: Link[];
  error?: Error | null;
  summary: string;
  options: SelectOption[];
  search: ServerSearch;
  pickerError?: Error | null;
  chosen: string;
  onChoose(value: string): void;
  onAdd(): Promise<unknown>;
  adding: boolean;
  onRemove(link: Link): void;
  removing?: number;
  /** Only the chips: the caller may not change them. */
  readOnly?: boolean;
}

/** Removable chips and an "Add …" picker, each change saved at once (the category page's zones, generalised). */
function LinkChips(p: ChipsProps) {
  const statusId = useId();
  const [error, setError] = useState<string | undefined>();
  return (
    <Card title={p.title}>
      <div className={s.stack}>
        <p className={s.muted} id={statusId}>
          {p.links ? p.summary : `Loading ${p.noun}s…`}
        </p>
        {p.error ? <Alert tone="danger">{p.error.message}</Alert> : null}
        {p.links?.length ? (
          <ul className={s.chipList} aria-labelledby={statusId}>
            {p.links.map((link) => (
              <li key={link.id} className={s.chip}>
                {link.label}
                {p.readOnly ? null : (
                  <button
                    type="button"
                    className={s.chipRemove}
                    aria-label={`Remove ${link.label}`}
                    disabled={p.removing === link.id}
                    onClick={() => p.onRemove(link)}
                  >
                    <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                      <path d="M18 6 6 18M6 6l12 12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
                    </svg>
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {p.readOnly ? null : (
          <form
            className={s.inlineForm}
            aria-label={`Add ${p.noun}`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!p.chosen) {
                setError(`Choose a ${p.noun} to add`);
                return;
              }
              setError(undefined);
              p.onAdd().catch((x: Error) => setError(x.message));
            }}
          >
            <SearchSelectField
              label={`${p.noun[0].toUpperCase()}${p.noun.slice(1)} to add`}
              name={`${p.noun}ToAdd`}
              placeholder={`Choose a ${p.noun}`}
              options={p.options}
              search={p.search}
              value={p.chosen}
              onChange={(v) => {
                p.onChoose(v);
                setError(undefined);
              }}
              error={error ?? (p.pickerError ? `Could not be loaded: ${p.pickerError.message}` : undefined)}
            />
            <Button type="submit" variant="secondary" className={s.inlineFormButton} loading={p.adding}>
              Add {p.noun}
            </Button>
          </form>
        )}
      </div>
    </Card>
  );
}

function useLinkWrites(
  add: (id: number) => Promise<{ message: string }>,
  remove: (linkId: number) => Promise<{ message: string }>,
  op: WriteId,
) {
  const queryClient = useQueryClient();
  const refresh = () => invalidateAfter(queryClient, op);
  const adding = useMutation({
    mutationFn: add,
    onSuccess: async (reply) => {
      await refresh();
      toast.success(reply.message);
    },
  });
  const removing = useMutation({
    mutationFn: (link: Link) => remove(link.id),
    onSuccess: async (reply, link) => {
      await refresh();
      toast.success(reply.message || `${link.label} removed.`);
    },
    onError: (e) => toast.error(e.message),
  });
  return { adding, removing };
}

/** The professional's territory: the zones they take jobs in. */
export function ProfessionalZones({ id, name, readOnly }: { id: number; name: string; readOnly?: boolean }) {
  const links = useQuery(professionalZonesQuery(id));
  const [zoneId, setZoneId] = useState('');
  const linked = useMemo(() => new Set((links.data ?? []).map((l) => l.zoneId)), [links.data]);
  const zones = useZonePicker(zoneId ? [zoneId] : [], linked);
  const { adding, removing } = useLinkWrites(
    (zone) => addZoneToProfessional(id, zone),
    deleteZoneFromProfessional,
    'addZoneToProfessional',
  );
  const n = links.data?.length ?? 0;
  return (
    <LinkChips
      title="Zones"
      noun="zone"
      links={links.data?.map((z) => ({
        id: z.id,
        label: `${z.zoneName}, ${z.cityName}${z.active ? '' : ' (inactive)'}`,
      }))}
      error={links.error}
      summary={
        n
          ? `${name} takes jobs in ${n} ${n === 1 ? 'zone' : 'zones'}.`
          : `${name} serves no zone yet: no job can reach them.`
      }
      options={zones.options}
      search={zones.search}
      pickerError={zones.error}
      chosen={zoneId}
      onChoose={setZoneId}
      onAdd={() => adding.mutateAsync(Number(zoneId)).then(() => setZoneId(''))}
      adding={adding.isPending}
      onRemove={(l) => removing.mutate(l)}
      removing={removing.isPending ? removing.variables?.id : undefined}
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
  const [serviceId, setServiceId] = useState('');
  const linked = useMemo(() => new Set((links.data ?? []).map((l) => l.serviceId)), [links.data]);
  const services = useServicePicker(serviceId ? [serviceId] : [], type, linked);
  const { adding, removing } = useLinkWrites(
    (service) => addServiceToProfessional(id, service),
    deleteServiceFromProfessional,
    'addServiceToProfessional',
  );
  const n = links.data?.length ?? 0;
  return (
    <LinkChips
      title="Skills"
      noun="service"
      links={links.data?.map((x) => ({ id: x.id, label: `${x.serviceName}${x.active ? '' : ' (inactive)'}` }))}
      error={links.error}
      summary={n ? `${name} carries out ${n} ${n === 1 ? 'service' : 'services'}.` : `${name} has no skill yet.`}
      options={services.options}
      search={services.search}
      pickerError={services.error}
      chosen={serviceId}
      onChoose={setServiceId}
      onAdd={() => adding.mutateAsync(Number(serviceId)).then(() => setServiceId(''))}
      adding={adding.isPending}
      onRemove={(l) => removing.mutate(l)}
      removing={removing.isPending ? removing.variables?.id : undefined}
      readOnly={readOnly}
    />
  );
}
