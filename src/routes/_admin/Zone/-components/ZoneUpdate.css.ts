import { style } from '@vanilla-extract/css';
import { font, radius, space, vars } from '../../../../ui/theme.css';

export const stack = style({ display: 'grid', gap: space.xl });

/** The pincode field and its button side by side (the button lines up with the input, not the label). */
export const addForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: space.md,
  marginBlockEnd: space.lg,
});

export const addButton = style({ paddingBlockStart: '26px' });

export const pinList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  gap: space.sm,
});

export const pinItem = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
  paddingBlock: space.xs,
  paddingInlineStart: space.md,
  paddingInlineEnd: space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  background: vars.color.surfaceAlt,
});

export const pin = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600 });

export const muted = style({ margin: 0, color: vars.color.muted, fontSize: font.size.sm });
