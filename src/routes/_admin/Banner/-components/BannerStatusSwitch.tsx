import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setBannerStatus } from '../../../../api/banners';
import { invalidateAfter } from '../../../../api/invalidate';
import { Switch, srOnly, toast } from '../../../../ui';

export interface BannerStatusSwitchProps {
  id: number;
  status: boolean;
  /** The switch's accessible name, e.g. "Active: banner 12". */
  label: string;
}

/**
 * Shows or hides a banner with ChangeBannerStatus (banners have their own call, not DeReActivateAll).
 * Behaves like the shared StatusToggle: the new state shows (disabled) while the call runs, then the
 * server's sentence is toasted and the lists refresh; a failure falls back and says why.
 */
export function BannerStatusSwitch({ id, status, label }: BannerStatusSwitchProps) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (next: boolean) => setBannerStatus(id, next),
    onSuccess: async (reply) => {
      toast.success(reply.message || (reply.data.status ? 'Banner shown.' : 'Banner hidden.'));
      await invalidateAfter(queryClient, 'changeBannerStatus');
    },
    onError: (e) => toast.error(e.message),
  });
  const checked = mutation.isPending ? !status : status;
  return (
    <Switch
      label={
        <>
          <span aria-hidden="true">{checked ? 'Active' : 'Inactive'}</span>
          <span className={srOnly}>{label}</span>
        </>
      }
      checked={checked}
      disabled={mutation.isPending}
      onCheckedChange={(next) => mutation.mutate(next)}
    />
  );
}
