// Shared by every admin list (categories, sub-categories, services, zones...): the Active switch of a row.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ToggleKind, toggleActive } from '../../../api/catalogue';
import { invalidateAfter } from '../../../api/invalidate';
import { Switch, srOnly, toast } from '../../../ui';
import * as s from './admin.css';

export interface StatusToggleProps {
  kind: ToggleKind;
  id: number;
  active: boolean;
  /** The switch's accessible name, e.g. "Active: Plumbing". */
  label: string;
}

/**
 * A labelled switch that calls DeReActivateAll. While the call runs it already shows the new state,
 * disabled; on success it toasts the server's sentence and refreshes what toggleActive changes; on failure it
 * falls back to the old state and toasts the problem.
 */
export function StatusToggle({ kind, id, active, label }: StatusToggleProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => toggleActive(kind, id),
    onSuccess: async (reply) => {
      toast.success(reply.message || (reply.data.active ? 'Activated.' : 'Deactivated.'));
      // Stay pending until the lists have the new state, so the switch never flickers back.
      await invalidateAfter(queryClient, 'toggleActive');
    },
    onError: (e) => toast.error(e.message),
  });
  const checked = mutation.isPending ? !active : active;
  return (
    <Switch
      label={
        <>
          <span aria-hidden="true" className={s.toggleState}>
            {checked ? 'Active' : 'Inactive'}
          </span>
          <span className={srOnly}>{label}</span>
        </>
      }
      className={s.toggleRow}
      checked={checked}
      disabled={mutation.isPending}
      onCheckedChange={() => mutation.mutate()}
    />
  );
}
