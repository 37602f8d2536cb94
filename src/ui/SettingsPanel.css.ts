import { keyframes, style } from '@vanilla-extract/css';
import { font, shadow, space, vars } from './theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
// Slides in from the inline end by animating a logical inset, so it mirrors in right-to-left.
const slideIn = keyframes({ from: { insetInlineEnd: '-48px', opacity: 0 }, to: { insetInlineEnd: 0, opacity: 1 } });

// A light overlay: the point of the panel is to watch the page change behind it.
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  background: 'rgb(8 15 20 / 0.2)',
  animation: `${fadeIn} 150ms ease-out`,
});

export const sheet = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineEnd: 0,
  zIndex: 51,
  display: 'flex',
  flexDirection: 'column',
  inlineSize: 'min(360px, 100vw)',
  background: vars.color.surface,
  color: vars.color.text,
  borderInlineStart: `1px solid ${vars.color.border}`,
  boxShadow: shadow.lg,
  animation: `${slideIn} 180ms ease-out`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const head = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.md,
  padding: `${space.lg} ${space.lg} ${space.md} ${space.xl}`,
  paddingInlineStart: space.xl,
  paddingInlineEnd: space.lg,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const title = style({ flex: 1, fontSize: font.size.lg, fontWeight: 650 });

export const description = style({ margin: 0, color: vars.color.muted, fontSize: font.size.sm });

export const body = style({
  flex: 1,
  overflowY: 'auto',
  padding: `${space.lg} ${space.xl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: space.xl,
});

export const section = style({ display: 'flex', flexDirection: 'column', gap: space.xs });

export const sectionTitle = style({
  fontSize: font.size.sm,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.muted,
  marginBlockEnd: space.xs,
});

export const swatches = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginBlockEnd: space.md });

export const swatchLabel = style({ fontWeight: 500, marginBlockEnd: space.xs });

export const swatch = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '32px',
  blockSize: '32px',
  padding: 0,
  borderRadius: '50%',
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"]': { boxShadow: `0 0 0 2px ${vars.color.surface}, 0 0 0 4px ${vars.color.primary}` },
  },
});

// "Default" follows the theme, so its swatch shows both halves (light and dark).
export const swatchDefault = style({ background: 'linear-gradient(135deg, #ffffff 50%, #0f2e2c 50%)' });

export const check = style({ filter: 'drop-shadow(0 0 1px rgb(0 0 0 / 0.6))' });

export const foot = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: space.md,
  padding: `${space.md} ${space.xl}`,
  borderBlockStart: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: font.size.sm,
});

export const hint = style({ margin: 0 });
