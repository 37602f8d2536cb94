// The payroll screens' small layout pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { chartLegend, factList, smallRuledCell } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg });
export const stack = style({ display: 'grid', gap: space.md });
export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });
export const nowrap = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const filters = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });
export const filterField = style({ display: 'grid', gap: space.xs });
export const filterLabel = style({ fontSize: font.size.sm, fontWeight: 600, color: vars.color.text });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });
export const rowActions = style({ display: 'flex', gap: space.xs, alignItems: 'center', flexWrap: 'nowrap' });
export const facts = style(factList);
export const fact = style({ margin: 0 });
export const columns = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))',
  alignItems: 'start',
});
export const lines = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: font.size.sm });
export const lineCell = style({ ...smallRuledCell, textAlign: 'start' });
export const num = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const totalRow = style({ fontWeight: 700 });
export const net = style({ fontSize: font.size.xl, fontWeight: 700, margin: 0 });
export const progressTrack = style({
  blockSize: '0.75rem',
  borderRadius: radius.pill,
  background: vars.color.border,
  overflow: 'hidden',
});
export const progressBar = style({
  blockSize: '100%',
  background: vars.color.primary,
  transition: 'inline-size 300ms ease',
});
export const chart = style({ display: 'block', inlineSize: '100%', blockSize: 'auto' });
export const axisText = style({ fill: vars.color.muted, fontSize: '11px', fontFamily: font.body });
export const barLabel = style({ fill: vars.color.text, fontSize: '12px', fontFamily: font.body });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
export const legend = style({ ...chartLegend, gap: space.md });
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: space.sm });
export const swatch = style({ inlineSize: '12px', blockSize: '12px', borderRadius: radius.sm, flexShrink: 0 });
