import { globalStyle, style } from '@vanilla-extract/css';
import { srOnlyRules } from '../global.css';
import { font, radius, space, vars } from '../theme.css';

/** Hidden on screen, still read by screen readers (captions, unit hints, search labels). */
export const visuallyHidden = style(srOnlyRules);

export const focusRing = {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '2px',
} as const;

export const form = style({
  display: 'grid',
  gap: space.lg,
  // Two columns when there is room; a field can span both with `fullWidth`.
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
  alignItems: 'start',
});

export const fullWidth = style({ gridColumn: '1 / -1' });

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  minInlineSize: 0,
});

export const label = style({
  fontSize: font.size.sm,
  fontWeight: 600,
  color: vars.color.text,
});

// The star is drawn by CSS so it stays out of the label's text (and so out of the accessible name).
export const requiredMark = style({
  display: 'inline-block',
  marginInlineStart: '2px',
  '::after': { content: '"*"', color: vars.color.danger },
});

export const hint = style({
  margin: 0,
  fontSize: font.size.sm,
  color: vars.color.muted,
});

export const error = style({
  margin: 0,
  fontSize: font.size.sm,
  color: vars.color.danger,
  fontWeight: 500,
});

const controlBase = {
  fontFamily: 'inherit',
  fontSize: font.size.md,
  color: vars.color.text,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  paddingBlock: space.sm,
  paddingInline: space.md,
  minBlockSize: '40px',
  inlineSize: '100%',
  boxSizing: 'border-box',
} as const;

/** Text inputs, selects and text areas share one look. */
export const control = style({
  ...controlBase,
  selectors: {
    '&:focus-visible': focusRing,
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&:disabled': { backgroundColor: vars.color.surfaceAlt, color: vars.color.muted, cursor: 'not-allowed' },
    '&::placeholder': { color: vars.color.muted },
  },
});

export const textarea = style({ minBlockSize: '96px', resize: 'vertical' });

export const select = style({ cursor: 'pointer' });

/** NumberField: the border lives on the wrapper so the prefix/suffix sit inside the box. */
export const adorned = style({
  ...controlBase,
  display: 'flex',
  alignItems: 'center',
  gap: space.xs,
  paddingBlock: 0,
  selectors: {
    '&:focus-within': focusRing,
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-disabled="true"]': { backgroundColor: vars.color.surfaceAlt },
  },
});

export const adornedInput = style({
  flex: 1,
  minInlineSize: 0,
  border: 0,
  outline: 'none',
  background: 'transparent',
  font: 'inherit',
  color: 'inherit',
  paddingBlock: space.sm,
  paddingInline: 0,
});

export const adornment = style({ color: vars.color.muted, flexShrink: 0 });

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space.sm,
});

export const checkbox = style({
  inlineSize: '18px',
  blockSize: '18px',
  marginBlock: '2px',
  marginInline: 0,
  flexShrink: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const checkboxLabel = style({ fontSize: font.size.md, color: vars.color.text, cursor: 'pointer' });

export const fieldset = style({
  border: 0,
  padding: 0,
  margin: 0,
  minInlineSize: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
});

export const legend = style({
  padding: 0,
  fontSize: font.size.sm,
  fontWeight: 600,
  color: vars.color.text,
  marginBlockEnd: space.xs,
});

export const multiBox = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.surface,
  display: 'flex',
  flexDirection: 'column',
  selectors: { '&[data-invalid="true"]': { borderColor: vars.color.danger } },
});

export const multiFilter = style({
  padding: space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const multiList = style({
  listStyle: 'none',
  margin: 0,
  padding: space.sm,
  maxBlockSize: '220px',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
});

export const multiMeta = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: space.sm,
  paddingBlock: space.xs,
  paddingInline: space.sm,
  borderBlockStart: `1px solid ${vars.color.border}`,
  fontSize: font.size.sm,
  color: vars.color.muted,
});

export const summary = style({
  gridColumn: '1 / -1',
  border: `1px solid ${vars.color.danger}`,
  borderInlineStartWidth: '4px',
  borderRadius: radius.md,
  backgroundColor: vars.color.surface,
  padding: space.lg,
  color: vars.color.text,
  selectors: { '&:focus-visible': focusRing },
});

export const summaryTitle = style({ margin: 0, fontSize: font.size.md, fontWeight: 700, color: vars.color.danger });

export const summaryList = style({ marginBlock: `${space.sm} 0`, paddingInlineStart: space.xl });

export const summaryLink = style({
  color: vars.color.danger,
  textDecoration: 'underline',
  selectors: { '&:focus-visible': focusRing },
});

export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: space.sm,
  paddingBlockStart: space.sm,
});

// ImageField
export const fileInput = style([visuallyHidden]);

export const dropZone = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.md,
  padding: space.md,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: radius.md,
  backgroundColor: vars.color.surfaceAlt,
  cursor: 'pointer',
  color: vars.color.text,
  selectors: {
    '&[data-dragging="true"]': { borderColor: vars.color.primary },
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

// The real input is visually hidden; show its keyboard focus on the drop zone next to it.
globalStyle(`${fileInput}:focus-visible + ${dropZone}`, focusRing);

export const dropZoneAction = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingBlock: space.xs,
  paddingInline: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.primary}`,
  color: vars.color.primary,
  backgroundColor: vars.color.surface,
  fontWeight: 600,
  fontSize: font.size.sm,
  whiteSpace: 'nowrap',
});

export const dropZoneText = style({ fontSize: font.size.sm, color: vars.color.muted });

export const preview = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.md,
  flexWrap: 'wrap',
});

export const previewMedia = style({
  inlineSize: '160px',
  maxInlineSize: '100%',
  blockSize: '120px',
  objectFit: 'cover',
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceAlt,
});

export const previewInfo = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  fontSize: font.size.sm,
  color: vars.color.muted,
  minInlineSize: 0,
  overflowWrap: 'anywhere',
});

/** SearchSelectField: the search box sits right above its select. */
export const searchStack = style({ display: 'flex', flexDirection: 'column', gap: space.xs });
