// The marketing dashboard: figures, charts with their tables, the range form (logical properties only).
import { style } from '@vanilla-extract/css';
import { chartLegend, partedItem, smallRuledCell } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg, minInlineSize: 0 });

/** Cards side by side when there is room, stacked on a phone. */
export const cards = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 24rem), 1fr))',
});

export const stack = style({ display: 'grid', gap: space.md, minInlineSize: 0 });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });

export const item = style(partedItem);

export const metricSwitch = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

// Charts: an SVG scaled to the card's width, its text in the theme's muted colour.
export const chart = style({ display: 'block', inlineSize: '100%', blockSize: 'auto', maxBlockSize: '22rem' });
export const axisText = style({ fill: vars.color.muted, fontSize: '11px', fontFamily: font.body });
export const grid = style({ stroke: vars.color.border, strokeWidth: 1 });
/** Segments of a stacked bar are parted by a line of the card's colour, so neighbouring colours never touch. */
export const segment = style({ stroke: vars.color.surface, strokeWidth: 1 });

export const legend = style({ ...chartLegend, gap: `${space.xs} ${space.lg}` });
export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: space.sm });
export const swatch = style({
  inlineSize: '12px',
  blockSize: '12px',
  borderRadius: radius.sm,
  flexShrink: 0,
  forcedColorAdjust: 'none',
});

export const details = style({ fontSize: font.size.sm });
export const summary = style({ cursor: 'pointer', color: vars.color.primary, fontWeight: 600, paddingBlock: space.xs });
export const tableScroll = style({
  overflowX: 'auto',
  maxBlockSize: '24rem',
  overflowY: 'auto',
  marginBlockStart: space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
});
export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontVariantNumeric: 'tabular-nums' });
export const th = style({
  position: 'sticky',
  insetBlockStart: 0,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontWeight: 600,
  textAlign: 'start',
  whiteSpace: 'nowrap',
  ...smallRuledCell,
});
export const td = style({ ...smallRuledCell, whiteSpace: 'nowrap' });
export const num = style({ textAlign: 'end' });
export const caption = style({ textAlign: 'start', padding: space.sm, color: vars.color.muted });
