// The cart pages (/cart, /UserCart). Logical properties only, so right-to-left works.
import { style } from '@vanilla-extract/css';
import { boxList, endsApart, listBox } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const layout = style({
  display: 'grid',
  gap: space.xl,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { '(min-width: 900px)': { gridTemplateColumns: 'minmax(0, 2fr) minmax(260px, 1fr)' } },
  alignItems: 'start',
});

export const lines = style(boxList);

export const line = style({
  display: 'grid',
  gridTemplateColumns: '72px minmax(0, 1fr)',
  gap: space.md,
  ...listBox,
});

export const unavailable = style({ opacity: 0.75, borderStyle: 'dashed' });

export const lineImg = style({ inlineSize: 72, blockSize: 72, objectFit: 'cover', borderRadius: radius.md });

export const lineBody = style({ display: 'flex', flexDirection: 'column', gap: space.sm, minInlineSize: 0 });

export const lineHead = style({ ...endsApart, gap: space.sm, alignItems: 'baseline' });

export const heading = style({ fontWeight: 650, overflowWrap: 'anywhere' });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm });

export const controls = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

export const quantity = style({ minInlineSize: '2.5ch', textAlign: 'center', fontWeight: 600 });

export const slotRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: space.sm });

export const summary = style({ display: 'grid', gap: space.sm, margin: 0 });

export const summaryRow = style({ display: 'flex', justifyContent: 'space-between', gap: space.md });

export const total = style({ fontWeight: 700, fontSize: font.size.lg });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginBlockStart: space.md });

/** A service card's "Add to cart", at the bottom inline-end of the card, outside its link. */
export const onCard = style({ position: 'absolute', insetBlockEnd: space.lg, insetInlineEnd: space.lg, zIndex: 1 });

/** Room at the bottom of a card's text for the button over it. */
export const roomForCart = style({ paddingBlockEnd: `calc(${space.lg} + 40px)` });
