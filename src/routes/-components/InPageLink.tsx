// A button-styled link that changes only some keys of the page's own search: opens a record in the page beside its
// list (`?id=`, `?emp=`, `?run=`) or closes it (the key set to undefined), keeping the list's filters.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClassName } from '../../ui';

export interface InPageLinkProps {
  /** The keys to change; undefined removes one. */
  set: Record<string, string | number | undefined>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  'aria-label'?: string;
  children: ReactNode;
}

export function InPageLink({ set, variant = 'ghost', size, 'aria-label': label, children }: InPageLinkProps) {
  return (
    <Link
      to="."
      // The page's own search type is its route's, unknown here.
      search={(prev: Record<string, unknown>) => ({ ...prev, ...set }) as never}
      className={buttonClassName({ variant, size })}
      aria-label={label}
    >
      {children}
    </Link>
  );
}
