import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import {
  addZoneToCategory,
  type CategoryZone,
  categoryZonesQuery,
  deleteZoneFromCategory,
} from '../../../../api/catalogue';
import { invalidateAfter } from '../../../../api/invalidate';
import { Alert, Button, Card, toast } from '../../../../ui';
import { SearchSelectField } from '../../../../ui/form';
import * as s from '../../-components/admin.css';
import { ChipRemove } from '../../-components/ChipRemove';
import { useZonePicker } from '../../-components/pickers';
import { zoneLabel } from './zoneLabel';

/** The zones a category is offered in: removable chips and an "Add zone" picker, each change saved at once. */
export function CategoryZones({ categoryId, categoryName }: { categoryId: number; categoryName: string }) {
  const queryClient = useQueryClient();
  const links = useQuery(categoryZonesQuery(categoryId));
  const [zoneId, setZoneId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const statusId = useId();

  const linked = useMemo(() => new Set((links.data ?? []).map((l) => l.zoneId)), [links.data]);
  const zones = useZonePicker(zoneId ? [zoneId] : [], linked);

  // Adding and removing a zone change the same reads (openapi.yaml x-invalidates).
  const refresh = () => invalidateAfter(queryClient, 'addZoneToCategory');

  const add = useMutation({
    mutationFn: (id: number) => addZoneToCategory(categoryId, id),
    onSuccess: async (reply) => {
      await refresh();
      setZoneId('');
      toast.success(reply.message || `${zoneLabel(reply.data)} added.`);
    },
    onError: (e) => setError(e.message),
  });

  const remove = useMutation({
    mutationFn: (link: CategoryZone) => deleteZoneFromCategory(link.id),
    onSuccess: async (reply, link) => {
      await refresh();
      toast.success(reply.message || `${zoneLabel(link)} removed.`);
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <Card title="Zones">
      <div className={s.stack}>
        <p className={s.muted} id={statusId}>
          {links.data
            ? links.data.length
              ? `${categoryName} is offered in ${links.data.length} ${links.data.length === 1 ? 'zone' : 'zones'}.`
              : `${categoryName} is not offered in any zone yet.`
            : 'Loading zones…'}
        </p>
        {links.error ? <Alert tone="danger">{links.error.message}</Alert> : null}
        {links.data?.length ? (
          <ul className={s.chipList} aria-labelledby={statusId}>
            {links.data.map((link) => (
              <li key={link.id} className={s.chip}>
                {zoneLabel(link)}
                <ChipRemove
                  label={`Remove ${zoneLabel(link)}`}
                  disabled={remove.isPending && remove.variables?.id === link.id}
                  onClick={() => remove.mutate(link)}
                />
              </li>
            ))}
          </ul>
        ) : null}
        <form
          className={s.inlineForm}
          aria-label="Add zone"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!zoneId) {
              setError('Choose a zone to add');
              return;
            }
            setError(undefined);
            add.mutate(Number(zoneId));
          }}
        >
          <SearchSelectField
            label="Zone to add"
            name="zoneToAdd"
            placeholder="Choose a zone"
            options={zones.options}
            search={zones.search}
            value={zoneId}
            onChange={(id) => {
              setZoneId(id);
              setError(undefined);
            }}
            error={error ?? (zones.error ? `Zones could not be loaded: ${zones.error.message}` : undefined)}
          />
          <Button type="submit" variant="secondary" className={s.inlineFormButton} loading={add.isPending}>
            Add zone
          </Button>
        </form>
      </div>
    </Card>
  );
}
