import { style } from '@vanilla-extract/css';
import { font, radius, space, vars } from './theme.css';

export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
  minBlockSize: '36px',
});

export const label = style({ cursor: 'pointer', userSelect: 'none' });

export const description = style({ display: 'block', color: vars.color.muted, fontSize: font.size.sm });

export const root = style({
  position: 'relative',
  flexShrink: 0,
  inlineSize: '42px',
  blockSize: '24px',
  padding: '2px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  background: vars.color.surfaceAlt,
  cursor: 'pointer',
  transition: 'background-color 120ms',
  selectors: {
    '&[data-state="checked"]': { background: vars.color.primary, borderColor: vars.color.primary },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

// The thumb moves with a logical margin, so "on" sits at the inline end in both directions.
export const thumb = style({
  display: 'block',
  inlineSize: '18px',
  blockSize: '18px',
  borderRadius: '50%',
  background: vars.color.surface,
  boxShadow: '0 1px 2px rgb(0 0 0 / 0.3)',
  transition: 'margin 120ms',
  selectors: {
    '&[data-state="checked"]': { marginInlineStart: '18px', background: vars.color.primaryText },
  },
});
