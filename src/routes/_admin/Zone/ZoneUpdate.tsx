import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { invalidateAfter } from '../../../api/invalidate';
import {
  addPincodeToZone,
  deletePincode,
  PINCODE_PATTERN,
  updateZone,
  type ZoneDetail,
  zonePincodesQuery,
  zoneQuery,
} from '../../../api/zones';
import { Alert, Button, buttonClassName, Card, LoadingPlaceholder, PageHeader, toast } from '../../../ui';
import { FORM_ERROR, Form, TextField, useForm } from '../../../ui/form';
import { OperationForm, useOperationForm } from '../../-components/form';
import { LoadFailure } from '../../-components/Loaded';
import { ActiveBadge } from '../-components/ActiveBadge';
import { DeleteAction } from '../-components/DeleteAction';
import { StatusToggle } from '../-components/StatusToggle';
import { mergeFieldErrors } from './-components/pincodes';
import { ZONE_PLACE_LABELS, ZonePlaceFields, zonePlaceBody } from './-components/ZonePlaceFields';
import * as s from './-components/ZoneUpdate.css';

/** `/Zone/ZoneUpdate?id=12`: the zone is named in the query string, as the list links to it. */
export const Route = createFileRoute('/_admin/Zone/ZoneUpdate')({
  head: () => ({ meta: [{ title: 'Edit zone · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): { id: number } => {
    const id = Number(search.id);
    return { id: Number.isInteger(id) && id > 0 ? id : 0 };
  },
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => {
    if (deps.id > 0) {
      await Promise.all([
        context.queryClient.prefetchQuery(zoneQuery(deps.id)),
        context.queryClient.prefetchQuery(zonePincodesQuery(deps.id)),
      ]);
    }
  },
  component: ZoneUpdate,
});

function ZoneUpdate() {
  const { id } = Route.useSearch();
  const zone = useQuery(zoneQuery(id));

  const back = (
    <Link to="/Zone/ZoneList" className={buttonClassName({ variant: 'secondary' })}>
      Zone list
    </Link>
  );

  if (!id) {
    return (
      <>
        <PageHeader title="Edit zone" actions={back} />
        <Alert tone="warning">No zone was chosen. Pick one from the zone list.</Alert>
      </>
    );
  }
  if (zone.isPending) return <LoadingPlaceholder label="Loading the zone…" />;
  if (!zone.data) {
    return (
      <>
        <PageHeader title="Edit zone" actions={back} />
        <LoadFailure query={zone} title="The zone could not be loaded" />
      </>
    );
  }
  const z = zone.data;
  return (
    <>
      <PageHeader
        title={`Edit zone ${z.zoneName}`}
        description={
          <>
            {z.cityName}, {z.stateName} · <ActiveBadge active={z.active} />
          </>
        }
        actions={back}
      />
      <div className={s.stack}>
        {/* Keyed by the saved values, so the form starts again from them after a save elsewhere. */}
        <ZoneDetailsCard key={`${z.id}:${z.zoneName}:${z.cityId}`} zone={z} />
        <ZonePincodesCard zone={z} />
      </div>
    </>
  );
}

function ZoneDetailsCard({ zone }: { zone: ZoneDetail }) {
  const form = useOperationForm({
    operation: 'updateZone',
    initial: { zoneName: zone.zoneName, stateId: String(zone.stateId), cityId: String(zone.cityId) },
    labels: ZONE_PLACE_LABELS,
    refine: mergeFieldErrors,
    toBody: zonePlaceBody,
    send: (body) => updateZone(zone.id, body),
    savedMessage: 'Zone saved.',
    onSaved: () => {},
  });

  return (
    <Card
      title="Zone details"
      actions={<StatusToggle kind="Zone" id={zone.id} active={zone.active} label={`Active: ${zone.zoneName}`} />}
    >
      <OperationForm form={form} label="Zone details" submitLabel="Save zone">
        <ZonePlaceFields
          values={form.values}
          errors={form.errors}
          onChange={(f, value) => form.set(f, value)}
          disabled={form.busy}
          nameMaxLength={form.rule('zoneName').maxLength}
        />
      </OperationForm>
    </Card>
  );
}

function ZonePincodesCard({ zone }: { zone: ZoneDetail }) {
  const queryClient = useQueryClient();
  const pincodes = useQuery(zonePincodesQuery(zone.id));
  const form = useForm({ pincode: '' });
  const [busy, setBusy] = useState(false);
  const list = pincodes.data ?? zone.pincodes;

  async function add() {
    const pin = form.values.pincode.trim();
    if (!PINCODE_PATTERN.test(pin)) {
      form.setErrors({ pincode: 'Enter a 6-digit pincode (not starting with 0)' });
      return;
    }
    if (list.some((p) => p.pinCode === pin)) {
      form.setErrors({ pincode: `${pin} is already in this zone` });
      return;
    }
    setBusy(true);
    try {
      const reply = await addPincodeToZone(zone.id, pin);
      toast.success(reply.message || `Pincode ${pin} added.`);
      form.reset();
      await invalidateAfter(queryClient, 'addPincodeToZone');
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) form.setServerErrors(mergeFieldErrors(err.errors));
      else form.setErrors({ pincode: (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title={`Pincodes (${list.length.toLocaleString('en-IN')})`}>
      <Form onSubmit={add} aria-label="New pincode" className={s.addForm}>
        <TextField
          label="Add a pincode"
          name="pincode"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder="e.g. 560034"
          value={form.values.pincode}
          onChange={(e) => form.set('pincode', e.target.value.replace(/\D/g, ''))}
          error={form.errors.pincode ?? form.errors[FORM_ERROR]}
          hint="A pincode belongs to one zone only."
        />
        <div className={s.addButton}>
          <Button type="submit" variant="secondary" loading={busy}>
            Add pincode
          </Button>
        </div>
      </Form>
      <LoadFailure query={pincodes} />
      {list.length ? (
        <ul className={s.pinList} aria-label={`Pincodes of ${zone.zoneName}`}>
          {list.map((p) => (
            <li key={p.id} className={s.pinItem}>
              <span className={s.pin}>{p.pinCode}</span>
              <DeleteAction
                label={`Delete pincode ${p.pinCode}`}
                title={`Remove pincode ${p.pinCode}?`}
                message={`${p.pinCode} will no longer belong to ${zone.zoneName}; customers there will not find this zone's services until the pincode is added to a zone again.`}
                onDelete={() => deletePincode(p.id)}
                operation="deletePincode"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className={s.muted}>This zone has no pincodes yet. Add one above.</p>
      )}
    </Card>
  );
}
