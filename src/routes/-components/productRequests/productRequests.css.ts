// The product request screens' small layout pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { factList } from '../../../ui/surfaces.css';
import { font, space, vars } from '../../../ui/theme.css';

// One column that never grows past the screen: a wide table scrolls inside its own frame.
export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space.lg });
export const muted = style({ color: vars.color.muted, fontSize: font.size.sm });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const facts = style(factList);
export const fact = style({ margin: 0 });
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space.sm,
  alignItems: 'center',
  // Also a list of chips (the vendor's requests by state): no bullets or indent, which a phone has no room for.
  margin: 0,
  paddingInlineStart: 0,
  listStyle: 'none',
});
export const totals = style({ display: 'grid', gap: space.xs, justifyItems: 'end', textAlign: 'end' });
export const total = style({ fontSize: font.size.lg, fontWeight: 700 });
export const qty = style({ inlineSize: '6rem' });
