import { style } from '@vanilla-extract/css';
import { font, space, vars } from './theme.css';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space.md,
  marginBlockEnd: space.xl,
});

export const text = style({ minInlineSize: 0 });

export const title = style({ fontSize: font.size.xl, fontWeight: 700, overflowWrap: 'anywhere' });

export const description = style({ marginBlock: `${space.xs} 0`, color: vars.color.muted });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm });
