import { globalStyle, style } from '@vanilla-extract/css';
import { font, radius, space, vars } from '../../../../ui/theme.css';

/** GetAllBanner has no search parameter, so the table's search box is not offered. */
export const noSearch = style({});
globalStyle(`${noSearch} div:has(> input[type="search"])`, { display: 'none' });

export const thumb = style({
  display: 'block',
  inlineSize: '160px',
  blockSize: '60px',
  objectFit: 'cover',
  borderRadius: radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

export const noImage = style({
  display: 'grid',
  placeItems: 'center',
  inlineSize: '160px',
  blockSize: '60px',
  borderRadius: radius.sm,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: font.size.sm,
});

export const path = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: font.size.sm,
  overflowWrap: 'break-word',
});

export const muted = style({ color: vars.color.muted });

export const filter = style({ display: 'flex', alignItems: 'center', gap: space.sm });

export const filterLabel = style({ fontSize: font.size.sm, fontWeight: 600, whiteSpace: 'nowrap' });

export const filterSelect = style({ inlineSize: 'auto', minInlineSize: '12rem' });

export const actions = style({ display: 'inline-flex', justifyContent: 'flex-end' });
