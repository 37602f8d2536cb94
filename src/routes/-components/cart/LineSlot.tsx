import { useState } from 'react';
import * as c from './cart.css';
import { SlotPicker } from './SlotPicker';
import { slotLabel } from './slots';
import { CART as W } from './words';

/** A cart line's time slot, as the cart and the checkout show it: the chosen one in words, and the picker. */
export function LineSlot({
  serviceId,
  heading,
  slotStart,
  pinCode,
  disabled,
  needed,
  pick,
}: {
  serviceId: number;
  heading: string;
  slotStart: string | null;
  /** Whose free slots the picker offers. */
  pinCode?: string;
  disabled?: boolean;
  /** Said under the picker while no slot is picked, when the line was asked for one. */
  needed?: string;
  /** Sets the line's slot; resolves to the server's refusal, or null. */
  pick(iso: string): Promise<string | null>;
}) {
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <span className={c.muted} data-testid="line-slot">
        {slotStart ? W.slot.chosen(slotLabel(slotStart)) : W.slot.none}
      </span>
      <SlotPicker
        value={slotStart}
        serviceId={serviceId}
        pinCode={pinCode}
        label={W.slot.for(heading)}
        error={error ?? needed}
        disabled={disabled}
        onChange={async (iso) => {
          setError(undefined);
          const refused = await pick(iso);
          if (refused) setError(refused);
        }}
      />
    </>
  );
}
