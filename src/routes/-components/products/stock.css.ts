import { style } from '@vanilla-extract/css';
import { srOnlyOnPhone } from '../../../ui/global.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const trigger = style({ whiteSpace: 'nowrap', flexShrink: 0 });

// On small screens the word is hidden visually but stays the button's accessible name.
export const triggerText = style(srOnlyOnPhone);

export const searchLabel = style({ fontSize: font.size.sm, fontWeight: 600 });

export const search = style({
  inlineSize: '100%',
  minBlockSize: '40px',
  padding: `${space.xs} ${space.sm}`,
  font: 'inherit',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.sm,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&::placeholder': { color: vars.color.muted },
  },
});

// The note under the box keeps one line reserved, so "Searching…" appearing never moves the list.
export const note = style({ minBlockSize: '1.25em', margin: 0, fontSize: font.size.sm, color: vars.color.muted });

// A fixed height for the matches: typing never makes the panel grow or shrink.
export const matches = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  blockSize: '168px',
  overflowY: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.sm,
});

export const match = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: space.sm,
  inlineSize: '100%',
  minBlockSize: '40px',
  padding: `${space.xs} ${space.sm}`,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[aria-pressed="true"]': { background: vars.color.surfaceAlt, fontWeight: 650 },
  },
});

export const matchName = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const matchFree = style({
  flexShrink: 0,
  color: vars.color.muted,
  fontSize: font.size.sm,
  fontVariantNumeric: 'tabular-nums',
});

// The chosen product's figures: the same height whether loading, shown or empty.
export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  minBlockSize: '168px',
  paddingBlockStart: space.sm,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const detailsHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.xs });

export const productName = style({ margin: 0, fontSize: font.size.md, fontWeight: 650, overflowWrap: 'anywhere' });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: `${space.xs} ${space.md}`,
  margin: 0,
});

export const figure = style({ display: 'flex', flexDirection: 'column' });

export const figureLabel = style({ fontSize: font.size.sm, color: vars.color.muted });

export const figureValue = style({ margin: 0, fontWeight: 650, fontVariantNumeric: 'tabular-nums' });

export const empty = style({ margin: 0, color: vars.color.muted, fontSize: font.size.sm });
