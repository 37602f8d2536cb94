// Shared by every admin list and form: small layout pieces (logical properties only, so RTL works).
import { globalStyle, style } from '@vanilla-extract/css';
import { bareRoundButton, smallBox } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg });

/** A list thumbnail; the img carries width/height so rows never jump while pictures load. */
export const thumb = style({
  display: 'block',
  inlineSize: '48px',
  blockSize: '48px',
  objectFit: 'cover',
  borderRadius: radius.sm,
  background: vars.color.surfaceAlt,
});

export const noThumb = style([
  thumb,
  {
    display: 'grid',
    placeItems: 'center',
    color: vars.color.muted,
    fontSize: font.size.sm,
  },
]);

export const rowActions = style({ display: 'flex', gap: space.xs, alignItems: 'center', flexWrap: 'nowrap' });

export const filters = style({ display: 'flex', gap: space.sm, alignItems: 'end', flexWrap: 'wrap' });

export const filterField = style({ display: 'grid', gap: space.xs, minInlineSize: '12rem' });

export const filterLabel = style({ fontSize: font.size.sm, fontWeight: 600, color: vars.color.text });

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm });

export const nowrap = style({ whiteSpace: 'nowrap' });

/** A second, quieter line in a table cell (e.g. the category under a sub-category). */
export const cellNote = style({ display: 'block', color: vars.color.muted, fontSize: font.size.sm });

export const stack = style({ display: 'grid', gap: space.md });

export const chipList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: space.sm,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  paddingBlock: '2px',
  paddingInlineStart: space.md,
  paddingInlineEnd: '2px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  background: vars.color.surfaceAlt,
  fontSize: font.size.sm,
});

export const chipRemove = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '28px',
  blockSize: '28px',
  ...bareRoundButton,
  selectors: {
    '&:hover:not(:disabled)': { background: 'color-mix(in srgb, currentColor 12%, transparent)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.primary}`, outlineOffset: '1px' },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const inlineForm = style({
  display: 'flex',
  gap: space.sm,
  alignItems: 'start',
  flexWrap: 'wrap',
});

/** The field of an inline form takes the room left beside its button. */
globalStyle(`${inlineForm} > :first-child`, { flex: '1 1 18rem', maxInlineSize: '36rem' });

/** The button beside a field in an inline form: level with the input (below the label). */
export const inlineFormButton = style({ marginBlockStart: '1.6rem' });

export const mediaGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: space.md,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const mediaItem = style({
  display: 'grid',
  gap: space.sm,
  padding: space.sm,
  ...smallBox,
});

export const mediaPreview = style({
  display: 'block',
  inlineSize: '100%',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: radius.sm,
  background: vars.color.surfaceAlt,
});

export const priceList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content auto',
  gap: `${space.xs} ${space.lg}`,
  margin: 0,
});

export const priceValue = style({ margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

/** A YouTube link as a tile the size of the other previews. */
export const youtubeTile = style([
  mediaPreview,
  {
    display: 'grid',
    placeItems: 'center',
    alignContent: 'center',
    gap: space.xs,
    color: vars.color.text,
    textDecoration: 'none',
    fontWeight: 600,
  },
]);

export const mediaUrl = style({ overflowWrap: 'anywhere', fontSize: font.size.sm, color: vars.color.muted });

/** The Active switch in a table cell: label and switch side by side, the switch never moving. */
export const toggleRow = style({
  selectors: {
    '&&': { justifyContent: 'flex-start', gap: space.sm, whiteSpace: 'nowrap', minBlockSize: 0 },
  },
});

export const toggleState = style({ display: 'inline-block', minInlineSize: '3.9em' });
