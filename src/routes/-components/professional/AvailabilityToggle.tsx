// Shared by the technician's and the vendor's top bars: one "Available" switch that shows the server's value, waits
// while a change is sent and refreshes what the write changes (the vendor's flag is decision 027).
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateAfter, type WriteId } from '../../../api/invalidate';
import { Switch, toast } from '../../../ui';
import * as s from './professional.css';

export interface AvailabilityToggleProps {
  /** The server's value; undefined until it is read (the switch waits). */
  available: boolean | undefined;
  /** Sends the change; `ok: false` is a refusal the server worded (a warning toast). */
  send(value: boolean): Promise<{ ok: boolean; message: string }>;
  operation: WriteId;
}

export function AvailabilityToggle({ available, send, operation }: AvailabilityToggleProps) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<boolean | null>(null);

  const change = async (value: boolean) => {
    setPending(value);
    try {
      const reply = await send(value);
      if (reply.ok) toast.success(reply.message);
      else toast.warning(reply.message);
    } catch (e) {
      toast.warning(e instanceof Error ? e.message : String(e));
    } finally {
      await invalidateAfter(queryClient, operation);
      setPending(null);
    }
  };

  return (
    <Switch
      className={s.topbarSwitch}
      label="Available"
      checked={pending ?? available ?? false}
      disabled={available === undefined || pending !== null}
      onCheckedChange={change}
    />
  );
}
