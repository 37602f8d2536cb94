import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from './form/form.css';
import { dangerBox } from './surfaces.css';
import { font, radius, shadow, space, vars } from './theme.css';

export const overlay = style({
  position: 'fixed',
  inset: 0,
  // Same layer as the other dialogs, below toasts.
  zIndex: 50,
  backgroundColor: 'rgb(8 15 20 / 0.5)',
});

export const content = style({
  position: 'fixed',
  // inset + auto margins centre the box without left/right, so it is the same in RTL.
  inset: 0,
  margin: 'auto',
  zIndex: 51,
  inlineSize: 'min(1000px, calc(100vw - 32px))',
  blockSize: 'fit-content',
  maxBlockSize: 'calc(100dvh - 32px)',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderRadius: radius.lg,
  border: `1px solid ${vars.color.border}`,
  boxShadow: shadow.lg,
  overflow: 'hidden',
  selectors: { '&:focus': { outline: 'none' } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.md,
  paddingBlock: space.lg,
  paddingInline: space.xl,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const title = style({ margin: 0, fontSize: font.size.lg, fontWeight: 700 });

export const closeButton = style({
  display: 'grid',
  placeItems: 'center',
  inlineSize: '36px',
  blockSize: '36px',
  border: 0,
  borderRadius: radius.md,
  background: 'none',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceAlt, color: vars.color.text },
    '&:focus-visible': focusRing,
    '&:disabled': { opacity: 0.4, cursor: 'not-allowed' },
  },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.lg,
  padding: space.xl,
  overflowY: 'auto',
  minBlockSize: 0,
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: space.sm,
  paddingBlock: space.lg,
  paddingInline: space.xl,
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const description = style({ margin: 0, color: vars.color.text });

export const muted = style({ margin: 0, color: vars.color.muted, fontSize: font.size.sm });

export const chooseRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: space.md,
});

export const fileField = style({ display: 'flex', flexDirection: 'column', gap: space.xs, minInlineSize: 0 });

export const label = style({ fontSize: font.size.sm, fontWeight: 600 });

export const fileInput = style({
  fontSize: font.size.sm,
  color: vars.color.muted,
  maxInlineSize: '100%',
  borderRadius: radius.md,
  selectors: {
    '&:focus-visible': focusRing,
    '&::file-selector-button': {
      marginInlineEnd: space.md,
      paddingBlock: space.sm,
      paddingInline: space.lg,
      border: `1px solid ${vars.color.primary}`,
      borderRadius: radius.md,
      backgroundColor: vars.color.surface,
      color: vars.color.primary,
      fontWeight: 600,
      cursor: 'pointer',
    },
  },
});

export const subheading = style({ margin: 0, marginBlockEnd: space.xs, fontSize: font.size.md, fontWeight: 600 });

export const columnList = style({
  margin: 0,
  paddingInlineStart: space.xl,
  display: 'grid',
  gap: '2px',
  fontSize: font.size.sm,
});

export const alert = style({
  ...dangerBox,
  selectors: { '&:focus-visible': focusRing },
});

export const summary = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  borderRadius: radius.md,
  selectors: { '&:focus-visible': focusRing },
});

export const errorText = style({ margin: 0, color: vars.color.danger, fontSize: font.size.sm });

export const errorHeadline = style({ margin: 0, fontWeight: 700, fontSize: font.size.md });

export const generalErrors = style({ marginBlock: space.xs, paddingInlineStart: space.xl });

export const okText = style({ margin: 0, color: vars.color.success, fontWeight: 600 });

export const checkboxRow = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.sm,
  fontSize: font.size.sm,
  cursor: 'pointer',
});

export const checkbox = style({
  inlineSize: '16px',
  blockSize: '16px',
  margin: 0,
  accentColor: vars.color.primary,
  selectors: { '&:focus-visible': focusRing },
});

export const previewScroll = style({
  overflow: 'auto',
  maxBlockSize: '50vh',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  selectors: { '&:focus-visible': { ...focusRing, outlineOffset: '-2px' } },
});

export const table = style({ inlineSize: '100%', borderCollapse: 'collapse', fontSize: font.size.sm });

export const th = style({
  position: 'sticky',
  insetBlockStart: 0,
  zIndex: 1,
  textAlign: 'start',
  whiteSpace: 'nowrap',
  paddingBlock: space.xs,
  paddingInline: space.sm,
  backgroundColor: vars.color.surfaceAlt,
  color: vars.color.muted,
  borderBlockEnd: `1px solid ${vars.color.border}`,
});

export const rowHeader = style({
  textAlign: 'end',
  fontWeight: 400,
  color: vars.color.muted,
  paddingBlock: space.xs,
  paddingInline: space.sm,
  fontVariantNumeric: 'tabular-nums',
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const td = style({
  paddingBlock: space.xs,
  paddingInline: space.sm,
  maxInlineSize: '240px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  borderBlockStart: `1px solid ${vars.color.border}`,
});

export const rowWithError = style({});

export const badCell = style({
  color: vars.color.danger,
  boxShadow: `inset 0 0 0 2px ${vars.color.danger}`,
});

export const errorRow = style({});

export const errorCell = style({
  paddingBlockEnd: space.sm,
  paddingInline: space.sm,
  color: vars.color.danger,
  fontWeight: 500,
});

export const progressBlock = style({ display: 'flex', flexDirection: 'column', gap: space.sm });

export const progressTrack = style({
  position: 'relative',
  blockSize: '10px',
  borderRadius: radius.pill,
  backgroundColor: vars.color.surfaceAlt,
  overflow: 'hidden',
});

export const progressFill = style({
  blockSize: '100%',
  backgroundColor: vars.color.primary,
  borderRadius: radius.pill,
  transition: 'inline-size 200ms ease-out',
});

const slide = keyframes({
  from: { insetInlineStart: '-40%' },
  to: { insetInlineStart: '100%' },
});

export const progressIndeterminate = style({
  position: 'absolute',
  insetBlock: 0,
  inlineSize: '40%',
  backgroundColor: vars.color.primary,
  borderRadius: radius.pill,
  animation: `${slide} 1.2s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '3s' } },
});

export const success = style({
  padding: space.lg,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.success}`,
  borderInlineStartWidth: '4px',
  selectors: { '&:focus-visible': focusRing },
});

export const successText = style({ margin: 0, color: vars.color.success, fontWeight: 600 });
