// The books' screens (decision 059): filters, plain tables of figures, totals (logical properties only).
import { style } from '@vanilla-extract/css';
import { headCell, ruledCell } from '../../../../ui/surfaces.css';
import { font, space, vars } from '../../../../ui/theme.css';

export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space.lg });
export const filters = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });
export const actions = style({ display: 'flex', gap: space.sm, alignItems: 'center', flexWrap: 'wrap' });
export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });
export const scroll = style({ overflowX: 'auto' });
export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: font.size.sm });
export const th = style({ textAlign: 'start', ...headCell });
export const td = style({ ...ruledCell, verticalAlign: 'top' });
export const num = style({ textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const total = style({ fontWeight: 700 });
export const legs = style({ margin: 0, padding: 0, listStyle: 'none', display: 'grid', gap: space.xs });
export const link = style({
  background: 'none',
  border: 0,
  padding: 0,
  font: 'inherit',
  color: vars.color.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  textAlign: 'start',
});
