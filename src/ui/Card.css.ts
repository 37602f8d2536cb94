import { style } from '@vanilla-extract/css';
import { surfaceBox } from './surfaces.css';
import { font, radius, shadow, space } from './theme.css';

export const card = style({
  ...surfaceBox,
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
