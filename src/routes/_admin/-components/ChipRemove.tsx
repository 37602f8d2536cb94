// Shared by the admin's chip lists (LinkChips: a category's zones, a professional's zones and skills): the ×
// that takes one chip off.
import { CloseIcon } from '../../../ui';
import * as s from './admin.css';

export interface ChipRemoveProps {
  /** The button's accessible name, e.g. "Remove Koramangala". */
  label: string;
  disabled?: boolean;
  onClick(): void;
}

export function ChipRemove({ label, disabled, onClick }: ChipRemoveProps) {
  return (
    <button type="button" className={s.chipRemove} aria-label={label} disabled={disabled} onClick={onClick}>
      <CloseIcon size={14} strokeWidth={2.5} />
    </button>
  );
}
