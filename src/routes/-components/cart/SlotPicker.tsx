import { useId, useState } from 'react';
import { SelectField } from '../../../ui/form';
import * as c from './cart.css';
import { dayLabel, hourLabel, indiaDayHour, slotDays, slotHours, slotIso } from './slots';

/**
 * A line's time slot: a day, then a one-hour window of that day, offered by the slot rules (slots.ts). Choosing the
 * window sets the slot; the server checks it again and its refusal shows on the field.
 */
export function SlotPicker({
  value,
  label,
  error,
  disabled,
  onChange,
}: {
  value: string | null;
  /** What the slot is for ("Slot for Deep cleaning"), for the fields' names. */
  label: string;
  error?: string;
  disabled?: boolean;
  onChange(iso: string): void;
}) {
  const id = useId();
  const chosen = value ? indiaDayHour(new Date(value)) : null;
  const days = slotDays();
  const [day, setDay] = useState(chosen?.day ?? '');
  const hours = day ? slotHours(day) : [];
  const hourValue = chosen && chosen.day === day && hours.includes(chosen.hour) ? String(chosen.hour) : '';
  return (
    <fieldset className={c.slotRow} aria-label={label} style={{ border: 0, padding: 0, margin: 0 }}>
      <SelectField
        name={`${id}-day`}
        label="Day"
        value={day}
        disabled={disabled}
        onChange={(e) => setDay(e.target.value)}
        placeholder="Choose a day"
        options={days.map((d) => ({ value: d, label: dayLabel(d) }))}
      />
      <SelectField
        name={`${id}-hour`}
        label="Time (India)"
        value={hourValue}
        disabled={disabled || !day}
        error={error}
        onChange={(e) => e.target.value && onChange(slotIso(day, Number(e.target.value)))}
        placeholder={day ? 'Choose a time' : 'Choose a day first'}
        options={hours.map((h) => ({ value: String(h), label: hourLabel(h) }))}
      />
    </fieldset>
  );
}
