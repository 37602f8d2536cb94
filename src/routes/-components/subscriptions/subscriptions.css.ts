// The /SubscriptionPlan page: plan cards, the customer's plan and history. Logical properties only, so right-to-left
// works.
import { style } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from '../../../ui/theme.css';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: space.lg,
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  blockSize: '100%',
  overflow: 'hidden',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: shadow.sm,
});
export const held = style({ borderColor: vars.color.success });
export const cardImg = style({ inlineSize: '100%', blockSize: 'auto', aspectRatio: '2 / 1', objectFit: 'cover' });
export const cardBody = style({ display: 'flex', flexDirection: 'column', gap: space.sm, padding: space.lg, flex: 1 });
export const name = style({ margin: 0, fontSize: font.size.lg, fontWeight: 700, overflowWrap: 'anywhere' });
export const priceRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: space.sm });
export const price = style({ fontSize: font.size.xl, fontWeight: 750 });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: font.size.sm });
export const discounts = style({
  margin: 0,
  paddingInlineStart: space.lg,
  fontSize: font.size.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});
export const off = style({ fontWeight: 700, color: vars.color.success });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space.sm,
  alignItems: 'center',
  marginBlockStart: 'auto',
  paddingBlockStart: space.sm,
});
export const current = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.md });
export const history = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });
export const historyRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: space.sm,
  paddingBlock: space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});
export const payWith = style({ maxInlineSize: '28rem' });
