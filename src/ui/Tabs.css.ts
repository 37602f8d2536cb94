import { style } from '@vanilla-extract/css';
import { space, vars } from './theme.css';

export const list = style({
  display: 'flex',
  gap: space.xs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  marginBlockEnd: space.lg,
  overflowX: 'auto',
});

export const trigger = style({
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
  },
});

export const panel = style({ selectors: { '&:focus-visible': { outlineOffset: '4px' } } });
