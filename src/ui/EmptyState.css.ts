import { style } from '@vanilla-extract/css';
import { font, radius, space, vars } from './theme.css';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: space.sm,
  textAlign: 'center',
  padding: `${space.xxl} ${space.lg}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: radius.lg,
  color: vars.color.muted,
});

export const title = style({ fontSize: font.size.lg, fontWeight: 650, color: vars.color.text });

export const description = style({ margin: 0, maxInlineSize: '52ch' });

export const action = style({ marginBlockStart: space.sm });
