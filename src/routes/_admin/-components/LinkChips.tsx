// Shared by the screens that link one record to others, each change saved at once: a category's zones, a
// professional's zones and skills.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import { Alert, Button, Card, toast } from '../../../ui';
import { SearchSelectField, type SelectOption, type ServerSearch } from '../../../ui/form';
import * as s from './admin.css';
import { ChipRemove } from './ChipRemove';
import { useZonePicker } from './pickers';

export interface Link {
  id: number;
  label: string;
}

/** Linking one more (`add`, by the other record's id) and unlinking (`remove`, by the link's id). */
export interface LinkWrites {
  add(id: number): Promise<{ message: string }>;
  remove(linkId: number): Promise<{ message: string }>;
  /** The add operation: its x-invalidates are the reads both writes change (openapi.yaml). */
  op: WriteId;
}

/** The choice of the one to add and the writes, as LinkChips takes them. */
export function useLinkChoice({ add, remove, op }: LinkWrites) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState('');
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
  return {
    chosen,
    onChoose: setChosen,
    // A refused add is shown on the picker (LinkChips), a refused removal is toasted.
    onAdd: () => adding.mutateAsync(Number(chosen)).then(() => setChosen('')),
    adding: adding.isPending,
    onRemove: (link: Link) => removing.mutate(link),
    removing: removing.isPending ? removing.variables?.id : undefined,
  };
}

export interface LinkChipsProps extends ReturnType<typeof useLinkChoice> {
  title: string;
  noun: string;
  links?: Link[];
  error?: Error | null;
  summary: string;
  picker: { options: SelectOption[]; search: ServerSearch; error?: Error | null };
  /** What the field says when the picker's read fails, before the reason. */
  pickerFailed?: string;
  /** Only the chips: the caller may not change them. */
  readOnly?: boolean;
}

/** Removable chips and an "Add …" picker. */
export function LinkChips({ pickerFailed = 'Could not be loaded', ...p }: LinkChipsProps) {
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
                  <ChipRemove
                    label={`Remove ${link.label}`}
                    disabled={p.removing === link.id}
                    onClick={() => p.onRemove(link)}
                  />
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
              options={p.picker.options}
              search={p.picker.search}
              value={p.chosen}
              onChange={(v) => {
                p.onChoose(v);
                setError(undefined);
              }}
              error={error ?? (p.picker.error ? `${pickerFailed}: ${p.picker.error.message}` : undefined)}
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

export interface ZoneLinkChipsProps<L extends { id: number; zoneId: number }>
  extends Pick<LinkChipsProps, 'summary' | 'pickerFailed' | 'readOnly'> {
  /** The read of the links. */
  links: { data?: L[]; error: Error | null };
  label(link: NoInfer<L>): string;
  writes: LinkWrites;
}

/** The zones a record is linked to; the picker offers the others. */
export function ZoneLinkChips<L extends { id: number; zoneId: number }>({
  links,
  label,
  writes,
  ...props
}: ZoneLinkChipsProps<L>) {
  const choice = useLinkChoice(writes);
  const linked = useMemo(() => new Set((links.data ?? []).map((l) => l.zoneId)), [links.data]);
  const zones = useZonePicker(choice.chosen ? [choice.chosen] : [], linked);
  return (
    <LinkChips
      {...props}
      {...choice}
      title="Zones"
      noun="zone"
      links={links.data?.map((l) => ({ id: l.id, label: label(l) }))}
      error={links.error}
      picker={zones}
    />
  );
}
