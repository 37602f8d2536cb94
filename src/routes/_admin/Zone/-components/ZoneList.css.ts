import { style } from '@vanilla-extract/css';
import { space, vars } from '../../../../ui/theme.css';

export const nameLink = style({ color: vars.color.primary, fontWeight: 600 });

export const actions = style({
  display: 'inline-flex',
  gap: space.xs,
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
});
