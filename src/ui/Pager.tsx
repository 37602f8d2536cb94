import { Button } from './Button';
import * as s from './Pager.css';

export interface PagerProps {
  page: number;
  pages: number;
  /** Names the navigation for screen readers ("Order pages"). */
  label: string;
  onPage(page: number): void;
  previousLabel?: string;
  nextLabel?: string;
  className?: string;
}

/** Previous / "Page n of m" / Next under a short list; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  label,
  onPage,
  previousLabel = 'Previous',
  nextLabel = 'Next',
  className,
}: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={className ? `${s.pager} ${className}` : s.pager}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span className={s.position}>
        Page {page} of {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </nav>
  );
}
