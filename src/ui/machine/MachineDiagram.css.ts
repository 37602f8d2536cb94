import { style } from '@vanilla-extract/css';
import { smallBox } from '../surfaces.css';
import { font, radius, space, vars } from '../theme.css';

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: space.md, minInlineSize: 0 });

export const caption = style({ fontSize: font.size.md, fontWeight: 650, color: vars.color.text });

export const states = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: space.sm,
});

export const state = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  padding: space.md,
  ...smallBox,
  color: vars.color.text,
  minInlineSize: 0,
});

// Not colour alone: a thicker border in another style, a marker word and bold text mark the current state.
export const current = style({
  borderWidth: '3px',
  borderStyle: 'double',
  borderColor: vars.color.primary,
  background: `color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface})`,
  fontWeight: 650,
});

export const final = style({ borderStyle: 'dashed' });

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: space.sm });

export const name = style({ fontWeight: 650, overflowWrap: 'anywhere' });

export const marker = style({
  fontSize: font.size.sm,
  paddingInline: space.xs,
  borderRadius: radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontWeight: 600,
});

export const currentMarker = style({ color: vars.color.primary, borderColor: vars.color.primary });

export const transitions = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  fontSize: font.size.sm,
  color: vars.color.muted,
  fontWeight: 400,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});

export const transition = style({ overflowWrap: 'anywhere' });

// The arrow points from the event to its target in the reading direction.
export const arrow = style({
  display: 'inline-block',
  marginInline: space.xs,
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm });

export const actionsBox = style({ border: 0, margin: 0, padding: 0, minInlineSize: 0 });

export const actionsTitle = style({
  fontSize: font.size.sm,
  fontWeight: 650,
  color: vars.color.muted,
  padding: 0,
  marginBlockEnd: space.xs,
});
