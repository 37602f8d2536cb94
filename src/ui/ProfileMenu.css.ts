import { style } from '@vanilla-extract/css';
import { srOnlyOnPhone } from './global.css';
import { appear, bareRoundButton, floatingPanel, menuItemStates } from './surfaces.css';
import { font, radius, space, vars } from './theme.css';

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.sm,
  maxInlineSize: '240px',
  padding: `${space.xs} ${space.sm}`,
  ...bareRoundButton,
  selectors: {
    '&:hover, &[data-state="open"]': { background: 'color-mix(in srgb, currentColor 10%, transparent)' },
  },
});

export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '32px',
  blockSize: '32px',
  flexShrink: 0,
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: font.size.sm,
  fontWeight: 700,
  letterSpacing: '0.02em',
});

// On small screens the name is hidden visually but stays in the button's accessible name.
export const name = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontWeight: 600,
  ...srOnlyOnPhone,
});

export const content = style({
  ...floatingPanel,
  minInlineSize: '240px',
  maxInlineSize: 'calc(100vw - 16px)',
  padding: space.xs,
  animation: `${appear} 120ms ease-out`,
});

export const who = style({ padding: `${space.sm} ${space.md}`, display: 'flex', flexDirection: 'column', gap: '2px' });

export const whoName = style({ fontWeight: 650, overflowWrap: 'anywhere' });

export const whoEmail = style({ color: vars.color.muted, fontSize: font.size.sm, overflowWrap: 'anywhere' });

export const separator = style({ blockSize: '1px', background: vars.color.border, marginBlock: space.xs });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  padding: `${space.sm} ${space.md}`,
  borderRadius: radius.sm,
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  selectors: menuItemStates,
});

// Arrow-shaped icons point the other way in right-to-left.
export const flip = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } });
