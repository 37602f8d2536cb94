import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from './form/form.css';
import { dangerBox, headCell } from './surfaces.css';
import { font, radius, space, vars } from './theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: space.md, minInlineSize: 0 });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
});

export const search = style({
  position: 'relative',
  flex: '1 1 240px',
  maxInlineSize: '360px',
});

export const searchIcon = style({
  position: 'absolute',
  insetInlineStart: space.md,
  insetBlockStart: '50%',
  marginBlockStart: '-8px',
  color: vars.color.muted,
  pointerEvents: 'none',
});

export const searchInput = style({ paddingInlineStart: `calc(${space.md} + 16px + ${space.sm})` });

export const toolbarActions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, marginInlineStart: 'auto' });

export const error = style({ ...dangerBox, backgroundColor: vars.color.surface });

export const frame = style({
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  backgroundColor: vars.color.surface,
  overflow: 'hidden',
});

export const scroll = style({
  overflowX: 'auto',
  selectors: { '&:focus-visible': { ...focusRing, outlineOffset: '-2px' } },
});

export const table = style({
  inlineSize: '100%',
  borderCollapse: 'collapse',
  fontSize: font.size.sm,
  color: vars.color.text,
});

export const th = style({
  position: 'sticky',
  insetBlockStart: 0,
  backgroundColor: vars.color.surfaceAlt,
  ...headCell,
  verticalAlign: 'bottom',
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  inlineSize: '100%',
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontWeight: 600,
  color: 'inherit',
  cursor: 'pointer',
  borderRadius: radius.sm,
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': focusRing,
    '&[data-align="end"]': { justifyContent: 'flex-end' },
    '&[data-align="center"]': { justifyContent: 'center' },
  },
});

export const sortIcon = style({ flexShrink: 0 });

export const tr = style({
  selectors: {
    '&:not(:last-child)': { borderBlockEnd: `1px solid ${vars.color.border}` },
    '&:hover': { backgroundColor: vars.color.surfaceAlt },
  },
});

export const td = style({ paddingBlock: space.sm, paddingInline: space.md, verticalAlign: 'middle' });

/** A pinned column (row actions) sticks to the inline end of the scrolling table, over the cells it passes. */
export const pinned = style({
  position: 'sticky',
  insetInlineEnd: 0,
  zIndex: 1,
  backgroundColor: vars.color.surface,
  boxShadow: `-1px 0 0 ${vars.color.border}`,
  selectors: {
    [`${tr}:hover &`]: { backgroundColor: vars.color.surfaceAlt },
    'thead &': { backgroundColor: vars.color.surfaceAlt, zIndex: 2 },
    '[dir="rtl"] &': { boxShadow: `1px 0 0 ${vars.color.border}` },
  },
});

export const emptyCell = style({
  paddingBlock: space.xxl,
  paddingInline: space.lg,
  textAlign: 'center',
  color: vars.color.muted,
});

export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  // Translucent, so the old rows stay readable while the next page loads.
  backgroundColor: `color-mix(in srgb, ${vars.color.surface} 55%, transparent)`,
  cursor: 'progress',
});

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  inlineSize: '28px',
  blockSize: '28px',
  borderRadius: radius.pill,
  border: `3px solid ${vars.color.border}`,
  borderBlockStartColor: vars.color.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
  fontSize: font.size.sm,
  color: vars.color.muted,
});

export const range = style({ margin: 0 });

export const pageSize = style({ display: 'flex', alignItems: 'center', gap: space.sm, marginInlineStart: 'auto' });

export const pageSizeSelect = style({ inlineSize: 'auto', minBlockSize: '32px', paddingBlock: space.xs });

export const pager = style({ display: 'flex', alignItems: 'center', gap: space.xs });

export const pageText = style({ paddingInline: space.sm, whiteSpace: 'nowrap', color: vars.color.text });

export const chevron = style({
  display: 'block',
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } },
});
