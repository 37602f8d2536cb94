import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { freeSlotsQuery } from '../../../api/cart';
import { SelectField } from '../../../ui/form';
import * as c from './cart.css';
import { dayLabel, hourLabel, indiaDayHour, slotDays, slotHours, slotIso } from './slots';
import { CART } from './words';

const W = CART.slot;

/**
 * A line's time slot: a day, then a one-hour window of that day, offered by the slot rules (slots.ts) and, when the
 * service and the visit's pincode are known, only where a matching professional is free (the server's free slots).
 * Choosing the window sets the slot; the server checks it again and its refusal shows on the field.
 */
export function SlotPicker({
  value,
  label,
  error,
  disabled,
  serviceId,
  pinCode,
  onChange,
}: {
  serviceId?: number;
  /** The visit's pincode: with the service, the offered slots are the server's free ones. */
  pinCode?: string;
  value: string | null;
  /** What the slot is for ("Slot for Deep cleaning"), for the fields' names. */
  label: string;
  error?: string;
  disabled?: boolean;
  onChange(iso: string): void;
}) {
  const id = useId();
  const chosen = value ? indiaDayHour(new Date(value)) : null;
  const free = useQuery({ ...freeSlotsQuery(serviceId ?? 0, pinCode ?? ''), enabled: !!serviceId && !!pinCode });
  // Only where dispatch covers the zone and service does the server limit the slots; otherwise every rule slot.
  const freeKeys = useMemo(() => {
    if (!free.data?.limited) return null;
    return new Set(free.data.slots.map((iso) => dayHourKey(indiaDayHour(new Date(iso)))));
  }, [free.data]);
  const offered = (d: string) =>
    freeKeys ? slotHours(d).filter((hour) => freeKeys.has(dayHourKey({ day: d, hour }))) : slotHours(d);
  const days = slotDays().filter((d) => offered(d).length > 0);
  const [day, setDay] = useState(chosen?.day ?? '');
  const hours = day ? offered(day) : [];
  const hourValue = chosen && chosen.day === day && hours.includes(chosen.hour) ? String(chosen.hour) : '';
  return (
    <fieldset className={c.slotRow} aria-label={label} style={{ border: 0, padding: 0, margin: 0 }}>
      <SelectField
        name={`${id}-day`}
        label={W.day}
        value={day}
        disabled={disabled}
        onChange={(e) => setDay(e.target.value)}
        placeholder={W.chooseDay}
        options={days.map((d) => ({ value: d, label: dayLabel(d) }))}
      />
      <SelectField
        name={`${id}-hour`}
        label={W.time}
        value={hourValue}
        disabled={disabled || !day}
        error={error}
        onChange={(e) => e.target.value && onChange(slotIso(day, Number(e.target.value)))}
        placeholder={day ? W.chooseTime : W.dayFirst}
        options={hours.map((h) => ({ value: String(h), label: hourLabel(h) }))}
      />
    </fieldset>
  );
}

const dayHourKey = (at: { day: string; hour: number }) => `${at.day} ${at.hour}`;
