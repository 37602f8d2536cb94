import { cx } from './cx';
import { srOnly } from './global.css';
import * as s from './Spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** When given, the spinner announces itself (role=status); without it, it is decoration. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const wheel = <span className={cx(s.spinner, s.size[size], className)} aria-hidden="true" />;
  if (!label) return wheel;
  return (
    <span role="status">
      {wheel}
      <span className={srOnly}>{label}</span>
    </span>
  );
}
