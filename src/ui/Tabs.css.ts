import { style } from '@vanilla-extract/css';
import { space, vars } from './theme.css';

// May shrink below its tab strip's width inside a grid or flex parent: the strip scrolls in its own frame instead of
// widening the page (a phone's My account has six tabs, about 670 px of them).
export const root = style({ minInlineSize: 0 });

export const list = style({
  display: 'flex',
  gap: space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  marginBlockEnd: space.lg,
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'thin',
});

export const trigger = style({
  flexShrink: 0,
  padding: `${space.sm} ${space.lg}`,
  border: 0,
  borderBlockEnd: '2px solid transparent',
  marginBlockEnd: '-1px',
  background: 'transparent',
  color: vars.color.muted,
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[data-state="active"]': { color: vars.color.primary, borderBlockEndColor: vars.color.primary },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
    // Inside the strip's scroll frame, which would clip a ring drawn outside the tab.
    '&:focus-visible': { outlineOffset: '-2px' },
  },
});

export const panel = style({ minInlineSize: 0, selectors: { '&:focus-visible': { outlineOffset: '4px' } } });
