import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({ from: { opacity: 0, transform: 'scale(0.97)' }, to: { opacity: 1, transform: 'none' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 50,
  background: 'rgb(8 15 20 / 0.5)',
  animation: `${fadeIn} 150ms ease-out`,
});

// Centred with inset + auto margins rather than a translate, which would not mirror in right-to-left.
export const content = style({
  position: 'fixed',
  inset: 0,
  zIndex: 51,
  margin: 'auto',
  blockSize: 'fit-content',
  maxBlockSize: 'calc(100dvh - 32px)',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: shadow.lg,
  animation: `${popIn} 160ms ease-out`,
  selectors: { '&:focus': { outline: 'none' } },
});

export const width = styleVariants({
  sm: { inlineSize: 'min(420px, calc(100vw - 32px))' },
  md: { inlineSize: 'min(560px, calc(100vw - 32px))' },
  lg: { inlineSize: 'min(820px, calc(100vw - 32px))' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space.md,
  padding: `${space.lg} ${space.xl} 0`,
});

export const headings = style({ flex: 1, minInlineSize: 0 });

export const title = style({ fontSize: font.size.lg, fontWeight: 650 });

export const description = style({ margin: `${space.xs} 0 0`, color: vars.color.muted });

export const body = style({ padding: `${space.lg} ${space.xl}`, overflowY: 'auto', overflowWrap: 'anywhere' });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: space.sm,
  padding: `${space.md} ${space.xl} ${space.lg}`,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const close = style({ marginInlineEnd: `calc(-1 * ${space.sm})`, marginBlockStart: `calc(-1 * ${space.xs})` });

export const error = style({ marginBlockStart: space.md });
