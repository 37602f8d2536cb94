import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';
import { type Tone, toneColor, toneSoft } from './tone.css';

const viewportBase = style({
  position: 'fixed',
  insetBlockEnd: 0,
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  inlineSize: 'min(380px, 100vw)',
  maxInlineSize: '100vw',
  margin: 0,
  padding: space.lg,
  listStyle: 'none',
  outline: 'none',
  // An empty viewport must not swallow clicks on the page under it.
  pointerEvents: 'none',
});

// Logical insets: "bottom-right" is the inline end, so it mirrors to the bottom-left in right-to-left.
export const viewport = styleVariants({
  'bottom-right': [viewportBase, { insetInlineEnd: 0 }],
  'bottom-left': [viewportBase, { insetInlineStart: 0 }],
});

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateY(12px)' },
  to: { opacity: 1, transform: 'none' },
});
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

const toastBase = style({
  pointerEvents: 'auto',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'start',
  gap: space.md,
  padding: `${space.md} ${space.md} ${space.md} ${space.lg}`,
  paddingInlineStart: space.lg,
  paddingInlineEnd: space.sm,
  border: '1px solid',
  borderInlineStartWidth: '5px',
  borderRadius: radius.md,
  boxShadow: shadow.md,
  color: vars.color.text,
  fontSize: font.size.sm,
  selectors: {
    '&[data-state="open"]': { animation: `${slideIn} 180ms ease-out` },
    '&[data-state="closed"]': { animation: `${fadeOut} 150ms ease-in forwards` },
    // Swipe offsets are physical pointer deltas, so translateX is right in both directions here.
    '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
    '&[data-swipe="cancel"]': { transform: 'translateX(0)', transition: 'transform 200ms ease-out' },
    '&[data-swipe="end"]': { animation: `${fadeOut} 120ms ease-out forwards` },
  },
});

const tones: Tone[] = ['success', 'danger', 'warning', 'info'];
const map = Object.fromEntries(tones.map((t) => [t, t])) as Record<Exclude<Tone, 'neutral'>, Tone>;

export const toast = styleVariants(map, (t) => [toastBase, { background: toneSoft(t, 14), borderColor: toneColor[t] }]);

export const icon = styleVariants(map, (t) => ({ color: toneColor[t], marginBlockStart: '1px' }));

export const message = style({ margin: 0, alignSelf: 'center', overflowWrap: 'anywhere', lineHeight: 1.4 });

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  inlineSize: '28px',
  blockSize: '28px',
  border: 0,
  borderRadius: radius.sm,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: { '&:hover': { background: 'color-mix(in srgb, currentColor 12%, transparent)', color: vars.color.text } },
});
