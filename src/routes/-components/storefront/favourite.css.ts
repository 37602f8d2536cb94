// The favourite heart on service cards and the service page. Logical properties only, so right-to-left works.
import { style } from '@vanilla-extract/css';
import { radius, shadow, space, vars } from '../../../ui/theme.css';

/** A service card with its heart: the heart sits over the picture, outside the card's link. */
export const cardWithHeart = style({ position: 'relative', blockSize: '100%' });

export const heart = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  inlineSize: 40,
  blockSize: 40,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  background: vars.color.surface,
  color: vars.color.danger,
  boxShadow: shadow.sm,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.danger },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[aria-busy="true"]': { opacity: 0.7 },
  },
});

export const onCard = style({ position: 'absolute', insetBlockStart: space.sm, insetInlineEnd: space.sm, zIndex: 1 });

/** The service page's title with its heart at the inline end. */
export const titleRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: space.md,
});
