// The coupon screens' small layout pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { factList } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontWeight: 700,
  letterSpacing: '0.04em',
});

export const facts = style(factList);

export const fact = style({ margin: 0 });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

export const cellNote = style({ display: 'block', color: vars.color.muted, fontSize: font.size.sm });

// ---- the public /Coupons page

export const grid = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const ticket = style({
  display: 'grid',
  gap: space.sm,
  alignContent: 'start',
  padding: space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: radius.md,
  background: vars.color.surface,
});

export const ticketCode = style([
  code,
  {
    justifySelf: 'start',
    paddingBlock: space.xs,
    paddingInline: space.sm,
    borderRadius: radius.sm,
    background: vars.color.surfaceAlt,
    fontSize: font.size.lg,
  },
]);

export const ticketOffer = style({ margin: 0, fontSize: font.size.lg, fontWeight: 700 });

export const ticketTerms = style({ margin: 0, paddingInlineStart: space.lg, display: 'grid', gap: '2px' });
