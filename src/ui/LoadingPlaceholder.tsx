import * as s from './LoadingPlaceholder.css';
import { Spinner } from './Spinner';

export interface LoadingPlaceholderProps {
  label?: string;
}

/** Shown while a lazily loaded page (or its data) arrives; also the router's default pending component. */
export function LoadingPlaceholder({ label = 'Loading…' }: LoadingPlaceholderProps = {}) {
  return (
    <div className={s.box} role="status" aria-live="polite">
      <Spinner size="lg" className={s.wheel} />
      <span>{label}</span>
    </div>
  );
}
