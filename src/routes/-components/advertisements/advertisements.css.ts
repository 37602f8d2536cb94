// The home page's advertisement row and the admin's advertisement screens. Logical properties only (RTL).
import { globalStyle, style } from '@vanilla-extract/css';
import { savingPill, scrollingRow } from '../../../ui/surfaces.css';
import { radius, shadow, space, vars } from '../../../ui/theme.css';

/** One row that scrolls sideways on a phone and wraps into a grid on wider screens. */
export const row = style({ ...scrollingRow, gridAutoColumns: 'minmax(260px, 320px)' });
globalStyle(`${row} > li`, { scrollSnapAlign: 'start' });

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: shadow.sm,
});
export const img = style({ inlineSize: '100%', blockSize: 'auto', aspectRatio: '2 / 1', objectFit: 'cover' });
export const body = style({ display: 'flex', flexDirection: 'column', gap: space.xs, padding: space.md });
export const text = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });
export const offer = style({
  margin: 0,
  alignSelf: 'start',
  ...savingPill,
});

// ---------------------------------------------------------------- admin

export const thumb = style({ inlineSize: 120, blockSize: 60, objectFit: 'cover', borderRadius: radius.sm });
export const muted = style({ color: vars.color.muted });
