import { globalStyle, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const popIn = keyframes({ from: { opacity: 0, transform: 'scale(0.97)' }, to: { opacity: 1, transform: 'none' } });
const slideUp = keyframes({ from: { transform: 'translateY(24px)' }, to: { transform: 'none' } });

// On a phone a dialog is a bottom sheet: the screen's full width, its buttons in the thumb's reach, the page's top
// still showing above it. Keep in step with Card's 600 px.
const phone = '(max-width: 600px)';

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
  '@media': {
    [phone]: {
      insetBlockStart: 'auto',
      marginBlockEnd: 0,
      maxBlockSize: 'calc(100dvh - 48px)',
      borderBlockEnd: 0,
      borderEndStartRadius: 0,
      borderEndEndRadius: 0,
      animation: `${slideUp} 180ms ease-out`,
    },
  },
});

const sized = (max: string) => ({
  inlineSize: `min(${max}, calc(100vw - 32px))`,
  '@media': { [phone]: { inlineSize: '100%' } },
});
export const width = styleVariants({ sm: sized('420px'), md: sized('560px'), lg: sized('820px') });

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
  '@media': {
    // Clear of a phone's home indicator.
    [phone]: { paddingBlockEnd: `max(${space.lg}, env(safe-area-inset-bottom))` },
  },
});
// On a phone the buttons share the sheet's width (bigger to tap); a label too long for one line wraps inside it.
globalStyle(`${footer} > button, ${footer} > a`, {
  '@media': { [phone]: { flex: '1 1 auto', maxInlineSize: '100%', whiteSpace: 'normal', paddingBlock: space.xs } },
});

export const close = style({ marginInlineEnd: `calc(-1 * ${space.sm})`, marginBlockStart: `calc(-1 * ${space.xs})` });

export const error = style({ marginBlockStart: space.md });
