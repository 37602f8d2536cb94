import type { ReactNode } from 'react';

/** A centred column for forms on the public pages. */
export function Narrow({ children }: { children: ReactNode }) {
  return (
    <div style={{ maxWidth: 480, margin: '32px auto', paddingInline: 16, display: 'grid', gap: 16 }}>{children}</div>
  );
}
