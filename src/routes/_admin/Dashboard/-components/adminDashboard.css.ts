// The admin dashboard's figures and link lists; the charts and tables are the marketing dashboard's (decision 025).
import { style } from '@vanilla-extract/css';
import { font, space, vars } from '../../../../ui/theme.css';
import { td } from '../../../-components/marketingDashboard/marketingDashboard.css';

export const figures = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 10rem), 1fr))',
});
export const figure = style({ display: 'grid', gap: space.xs, minInlineSize: 0 });
export const label = style({ color: vars.color.muted, fontSize: font.size.sm, fontWeight: 600 });
export const value = style({
  fontSize: font.size.xl,
  fontWeight: 700,
  lineHeight: 1.2,
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'break-word',
});

export const links = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });
/** A name and its figure on one line, the figure at the end. */
export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space.md,
  paddingBlockEnd: space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBlockEnd: 'none' } },
});
export const num = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'end' });

/** The chart and its table side by side when there is room, stacked on a phone. */
export const trend = style({
  display: 'grid',
  gap: space.lg,
  alignItems: 'start',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
});

/** A top list's name cell: it wraps, so a long service or zone name never pushes the figures off a phone. */
export const rankedName = style([
  td,
  { fontWeight: 400, textAlign: 'start', whiteSpace: 'normal', overflowWrap: 'anywhere' },
]);
