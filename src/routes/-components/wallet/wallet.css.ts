// The wallet screens' small layout pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { font, space, vars } from '../../../ui/theme.css';

// One column no wider than the page: an `auto` track would grow to its widest content's minimum (the account tabs'
// strip, the history table) and push the page sideways on a phone; those scroll in their own frames instead.
export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: space.lg });

export const filters = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });

export const filterField = style({ display: 'grid', gap: space.xs });

export const filterLabel = style({ fontSize: font.size.sm, fontWeight: 600, color: vars.color.text });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const rowActions = style({ display: 'flex', gap: space.xs, alignItems: 'center', flexWrap: 'nowrap' });

/** A balance shown large on a card. */
export const balance = style({ fontSize: font.size.xl, fontWeight: 700, margin: 0 });

export const topUpRow = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });

export const topBarBalance = style({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

/** 'My Balance' as the roles it is not for see it: words only, nothing to press. */
export const inertBalance = style({
  whiteSpace: 'nowrap',
  fontSize: font.size.sm,
  fontWeight: 600,
  color: vars.color.muted,
  paddingInline: space.sm,
  // An inert label only: a phone's top bar has no room for it.
  '@media': { '(max-width: 600px)': { display: 'none' } },
});
