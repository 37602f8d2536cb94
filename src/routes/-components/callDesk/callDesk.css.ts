// The call desk's one screen: made to be read during a phone call, on a desk or on a phone (logical properties only).
import { style } from '@vanilla-extract/css';
import { endsApart, factTerm, factValue, narrowFactList, partedItem } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg, minInlineSize: 0 });

/** The summary cards side by side when there is room, stacked on a phone. */
export const cards = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 22rem), 1fr))',
});

export const searchRow = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });

export const searchField = style({ flex: '1 1 16rem', minInlineSize: 0 });

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.sm });

export const item = style(partedItem);

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const orders = style({ display: 'grid', gap: space.lg });

export const facts = style(narrowFactList);

export const term = style(factTerm);

export const value = style(factValue);

export const line = style({
  display: 'grid',
  gap: space.sm,
  padding: space.md,
  borderRadius: radius.md,
  background: vars.color.surfaceAlt,
  minInlineSize: 0,
});

export const lineHead = style({ ...endsApart, gap: space.sm, alignItems: 'center' });

export const lineTitle = style({ margin: 0, fontSize: font.size.md, fontWeight: 600 });

export const summary = style({ cursor: 'pointer', fontWeight: 600 });
