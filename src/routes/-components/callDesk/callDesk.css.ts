// The call desk's one screen: made to be read during a phone call, on a desk or on a phone (logical properties only).
import { style } from '@vanilla-extract/css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg, minInlineSize: 0 });

/** The summary cards side by side when there is room, stacked on a phone. */
export const cards = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
});

export const searchRow = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });

export const searchField = style({ flex: '1 1 16rem', minInlineSize: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });

export const item = style({
  display: 'grid',
  gap: space.xs,
  paddingBlock: space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBlockEnd: 'none' } },
});

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const orders = style({ display: 'grid', gap: space.lg });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${space.xs} ${space.md}`,
  margin: 0,
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});

export const term = style({ fontWeight: 600, color: vars.color.muted, fontSize: font.size.sm });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const line = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  borderRadius: radius.md,
  background: vars.color.surfaceAlt,
  minInlineSize: 0,
});

export const lineHead = style({
  display: 'flex',
  gap: space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});

export const lineTitle = style({ margin: 0, fontSize: font.size.md, fontWeight: 600 });

export const summary = style({ cursor: 'pointer', fontWeight: 600 });
