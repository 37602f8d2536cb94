import type { ComponentPropsWithRef } from 'react';
import * as s from './Button.css';
import { cx } from './cx';
import { CloseIcon } from './icons';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy; the label stays so the width does not jump. */
  loading?: boolean;
  /** Icon-only button: square; give it an aria-label. */
  icon?: boolean;
}

/** Class names of a button, for links that must look like one: `<Link className={buttonClassName()}>`. */
export function buttonClassName(opts: { variant?: ButtonVariant; size?: ButtonSize; icon?: boolean } = {}): string {
  const { variant = 'primary', size = 'md', icon = false } = opts;
  return cx(s.variant[variant], s.size[size], icon && s.iconOnly);
}

// React 19 passes `ref` as an ordinary prop, so spreading the props forwards it (radix asChild relies on this).
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon = false,
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClassName({ variant, size, icon }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      {children}
    </button>
  );
}

/** The ✕ at a dialog's or a popover's head, put in the panel's Close with `asChild`. */
export function CloseButton({ 'aria-label': label = 'Close', ...rest }: Omit<ButtonProps, 'children'>) {
  return (
    <Button variant="ghost" size="sm" icon aria-label={label} {...rest}>
      <CloseIcon size={18} />
    </Button>
  );
}
