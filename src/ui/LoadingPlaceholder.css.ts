import { style } from '@vanilla-extract/css';
import { space, vars } from './theme.css';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.md,
  minBlockSize: '40vh',
  padding: space.xxl,
  color: vars.color.muted,
});

export const wheel = style({ color: vars.color.primary });
