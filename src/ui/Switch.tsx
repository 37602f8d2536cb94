import { Switch as RadixSwitch } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { cx } from './cx';
import * as s from './Switch.css';

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  /** A line of help under the label (linked with aria-describedby). */
  description?: ReactNode;
  className?: string;
}

/** An on/off control (role=switch) whose visible label is its accessible name. */
export function Switch({ label, checked, onCheckedChange, disabled, description, className }: SwitchProps) {
  const id = useId();
  return (
    <div className={cx(s.row, className)}>
      <label htmlFor={id} className={s.label}>
        {label}
        {description && (
          <span id={`${id}-d`} className={s.description}>
            {description}
          </span>
        )}
      </label>
      <RadixSwitch.Root
        id={id}
        className={s.root}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? `${id}-d` : undefined}
      >
        <RadixSwitch.Thumb className={s.thumb} />
      </RadixSwitch.Root>
    </div>
  );
}
