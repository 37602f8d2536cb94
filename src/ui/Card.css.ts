import { style } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';

export const card = style({
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: shadow.sm,
  padding: space.xl,
  minInlineSize: 0,
  '@media': { '(max-width: 600px)': { padding: space.lg } },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
  marginBlockEnd: space.lg,
});

export const title = style({ fontSize: font.size.lg, fontWeight: 650 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginInlineStart: 'auto' });
