import { useRef, useState } from 'react';
import { Button, CloseIcon, srOnly } from '../../../../ui';
import { describedBy, FieldMessages, useFieldIds } from '../../../../ui/form';
import * as f from '../../../../ui/form/form.css';
import * as s from './PincodeChips.css';
import { takePincodes } from './pincodes';

export interface PincodeChipsProps {
  label: string;
  /** The form field name (server errors and the error summary find the input by it). */
  name: string;
  value: string[];
  onChange(next: string[]): void;
  /** A message from the form (e.g. the server's 409 naming the zone a pincode already belongs to). */
  error?: string;
  hint?: string;
  /** Pincodes to mark as wrong (those the server says belong to another zone). */
  invalid?: ReadonlySet<string>;
  required?: boolean;
  disabled?: boolean;
}

/**
 * Pincodes entered one at a time as chips: type one (or paste several) and press Enter or Add; each chip
 * has a Remove button. The text input carries the field's id, so the error summary links to it.
 */
export function PincodeChips({
  label,
  name,
  value,
  onChange,
  error,
  hint,
  invalid,
  required,
  disabled,
}: PincodeChipsProps) {
  const ids = useFieldIds(name);
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shownError = localError ?? error;
  const listId = `${ids.id}-list`;
  const statusId = `${ids.id}-status`;

  function add() {
    const result = takePincodes(draft, value);
    if ('error' in result) {
      setLocalError(result.error);
      inputRef.current?.focus();
      return;
    }
    onChange([...value, ...result.add]);
    setDraft('');
    setLocalError(null);
    setAnnouncement(`Added ${result.add.join(', ')}. ${value.length + result.add.length} pincodes in the list.`);
    inputRef.current?.focus();
  }

  function remove(pin: string, index: number) {
    const next = value.filter((p) => p !== pin);
    onChange(next);
    setAnnouncement(`Removed ${pin}. ${next.length} pincode${next.length === 1 ? '' : 's'} in the list.`);
    // Focus the chip that took its place (or the one before), otherwise the input: never drop focus on <body>.
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>(`#${CSS.escape(listId)} button`);
      const target = buttons[Math.min(index, buttons.length - 1)];
      (target ?? inputRef.current)?.focus();
    });
  }

  return (
    <div className={`${f.field} ${f.fullWidth}`}>
      <label htmlFor={ids.id} className={f.label}>
        {label}
        {required ? <span className={f.requiredMark} aria-hidden="true" /> : null}
      </label>
      <div className={s.entry}>
        <input
          ref={inputRef}
          id={ids.id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 560034"
          className={`${f.control} ${s.input}`}
          value={draft}
          disabled={disabled}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(`${ids.id}-rules`, hint && ids.hintId, shownError && ids.errorId)}
          onChange={(e) => {
            setDraft(e.target.value.replace(/[^\d\s,;]/g, ''));
            setLocalError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter adds the pincode instead of submitting the whole form.
              e.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="secondary" onClick={add} disabled={disabled}>
          Add<span className={srOnly}> pincode</span>
        </Button>
      </div>
      <p id={`${ids.id}-rules`} className={f.hint}>
        Type a 6-digit pincode and press Enter or Add. You can paste several at once.
      </p>
      {value.length ? (
        <ul id={listId} className={s.chips} aria-label={`${label}: ${value.length} added`}>
          {value.map((pin, index) => (
            <li key={pin} className={s.chip} data-invalid={invalid?.has(pin) ? 'true' : undefined}>
              {pin}
              {invalid?.has(pin) ? <span className={srOnly}> (already in another zone)</span> : null}
              <button
                type="button"
                className={s.remove}
                aria-label={`Remove ${pin}`}
                disabled={disabled}
                onClick={() => remove(pin, index)}
              >
                <CloseIcon width={14} height={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={s.empty}>No pincodes added yet.</p>
      )}
      <p id={statusId} role="status" className={srOnly}>
        {announcement}
      </p>
      <FieldMessages ids={ids} hint={hint} error={shownError ?? undefined} />
    </div>
  );
}
