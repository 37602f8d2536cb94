// Special packages on the public pages (the home page's strip) and the admin's package screens. Logical
// properties only, so right-to-left works.
import { globalStyle, style } from '@vanilla-extract/css';
import {
  atCardFoot,
  cardBody as body,
  cardBullets,
  cardPicture,
  priceLine,
  raisedCard,
  savingPill,
  scrollingRow,
} from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const card = style(raisedCard);
export const cardImg = style({ ...cardPicture, aspectRatio: '2 / 1' });
export const cardBody = style(body);
export const name = style({ margin: 0, fontSize: font.size.md, fontWeight: 700, overflowWrap: 'anywhere' });
export const desc = style({ margin: 0, color: vars.color.muted, fontSize: font.size.sm, overflowWrap: 'anywhere' });
export const includes = style(cardBullets);
export const priceRow = style({ ...priceLine, ...atCardFoot });
export const price = style({ fontSize: font.size.lg, fontWeight: 750 });
export const was = style({ color: vars.color.muted, fontSize: font.size.sm, textDecoration: 'line-through' });
export const note = style({ color: vars.color.muted, fontSize: font.size.sm });
export const save = style(savingPill);
export const book = style({ alignSelf: 'start' });

// ---------------------------------------------------------------- admin: a package's services

export const serviceList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });
export const serviceRow = style({
  display: 'grid',
  gridTemplateColumns: '56px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: space.md,
  padding: space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  background: vars.color.surface,
});
export const serviceImg = style({ inlineSize: 56, blockSize: 40, objectFit: 'cover', borderRadius: radius.sm });
export const serviceName = style({ fontWeight: 650, overflowWrap: 'anywhere' });
export const serviceMeta = style({ display: 'block', fontSize: font.size.sm, color: vars.color.muted });
export const totals = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space.lg,
  margin: 0,
  fontSize: font.size.sm,
});
export const addRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: space.md });
export const grow = style({ flex: '1 1 280px', minInlineSize: 0 });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: space.lg });
export const inline = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

/** The home page's strip of packages: one row that scrolls sideways. */
export const strip = style({ ...scrollingRow, gridAutoColumns: 'minmax(260px, 300px)' });
globalStyle(`${strip} > li`, { scrollSnapAlign: 'start' });
