// The storefront's trail above a page: Home, the pages between, then the page itself (not a link).
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as s from './storefront.css';
import { STOREFRONT } from './words';

export function Breadcrumbs({ current, children }: { current: ReactNode; children: ReactNode }) {
  return (
    <nav aria-label={STOREFRONT.breadcrumbs}>
      <ol className={s.breadcrumbs}>
        <li>
          <Link to="/">{STOREFRONT.crumbHome}</Link>
        </li>
        {children}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
