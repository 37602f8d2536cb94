import { style } from '@vanilla-extract/css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const cardRating = style({ fontSize: font.size.sm, fontWeight: 600, color: vars.color.text });

export const summary = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  alignItems: 'start',
});

export const average = style({ fontSize: '2.5rem', fontWeight: 700, margin: 0, lineHeight: 1 });

export const bars = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.xs });

export const bar = style({
  display: 'grid',
  gridTemplateColumns: '3.5em 1fr 3em',
  gap: space.sm,
  alignItems: 'center',
  fontSize: font.size.sm,
});

export const track = style({
  height: 8,
  borderRadius: radius.pill,
  background: vars.color.surfaceAlt,
  overflow: 'hidden',
});

export const fill = style({ display: 'block', height: '100%', background: vars.color.accent });

export const reviews = style({
  listStyle: 'none',
  margin: `${space.lg} 0 0`,
  padding: 0,
  display: 'grid',
  gap: space.md,
});

export const review = style({
  display: 'grid',
  gap: space.xs,
  paddingBlockEnd: space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const stars = style({ color: vars.color.accent, letterSpacing: 2 });

export const pager = style({ display: 'flex', gap: space.sm, alignItems: 'center', marginBlockStart: space.md });
