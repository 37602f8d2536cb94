// The /SubscriptionPlan page: plan cards, the customer's plan and history. Logical properties only, so right-to-left
// works.
import { style } from '@vanilla-extract/css';
import {
  atCardFoot,
  cardBody as body,
  cardBullets,
  cardPicture,
  endsApart,
  priceLine,
  raisedCard,
} from '../../../ui/surfaces.css';
import { font, space, vars } from '../../../ui/theme.css';

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  gap: space.lg,
});
export const card = style(raisedCard);
export const held = style({ borderColor: vars.color.success });
export const cardImg = style({ ...cardPicture, aspectRatio: '2 / 1' });
export const cardBody = style(body);
export const name = style({ margin: 0, fontSize: font.size.lg, fontWeight: 700, overflowWrap: 'anywhere' });
export const priceRow = style(priceLine);
export const price = style({ fontSize: font.size.xl, fontWeight: 750 });
export const muted = style({ margin: 0, color: vars.color.muted, fontSize: font.size.sm });
export const discounts = style(cardBullets);
export const off = style({ fontWeight: 700, color: vars.color.success });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center', ...atCardFoot });
export const current = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.md });
export const history = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });
export const historyRow = style({
  ...endsApart,
  gap: space.sm,
  paddingBlock: space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});
export const payWith = style({ maxInlineSize: '28rem' });
