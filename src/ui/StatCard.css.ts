import { style } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: space.lg,
  margin: 0,
  padding: 0,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderInlineStart: `4px solid ${vars.color.primary}`,
  borderRadius: radius.md,
  boxShadow: shadow.sm,
  padding: space.lg,
  minInlineSize: 0,
  containerType: 'inline-size',
});

export const label = style({ color: vars.color.muted, fontSize: font.size.sm, fontWeight: 600 });

export const value = style({
  // Shrinks with the card (container query units) so long rupee amounts stay on one line.
  fontSize: 'clamp(1.25rem, 11.5cqi, 1.75rem)',
  fontWeight: 700,
  lineHeight: 1.2,
  fontVariantNumeric: 'tabular-nums',
  // Long figures wrap only where they must (never splitting "₹12,34,567.50" when it fits).
  overflowWrap: 'break-word',
});

export const hint = style({ color: vars.color.muted, fontSize: font.size.sm });
