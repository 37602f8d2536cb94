// The address book and picker (My account's Addresses tab, /Checkout). Logical properties only.
import { style } from '@vanilla-extract/css';
import { boxList, endsApart, listBox } from '../../../ui/surfaces.css';
import { font, space, vars } from '../../../ui/theme.css';

export const list = style(boxList);

export const item = style({ ...endsApart, gap: space.md, ...listBox });

export const chosen = style({ borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}` });

export const choice = style({ display: 'flex', gap: space.md, alignItems: 'start', cursor: 'pointer', flex: 1 });

export const text = style({ display: 'grid', gap: space.xs, minInlineSize: 0, overflowWrap: 'anywhere' });

export const name = style({ fontWeight: 650 });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });

export const grid = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
});

export const stack = style({ display: 'grid', gap: space.lg });
