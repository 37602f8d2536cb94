import { style, styleVariants } from '@vanilla-extract/css';
import { font, radius, space, vars } from './theme.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.sm,
  border: '1px solid transparent',
  borderRadius: radius.md,
  fontWeight: 600,
  lineHeight: 1.2,
  textAlign: 'center',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  userSelect: 'none',
  transition: 'background-color 120ms, border-color 120ms, color 120ms',
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

// Hover darkens (light theme) or lightens (dark theme) relative to the colour itself.
const hover = (colour: string) => `color-mix(in srgb, ${colour} 86%, ${vars.color.text})`;

export const variant = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      color: vars.color.primaryText,
      selectors: { '&:hover:not(:disabled)': { background: hover(vars.color.primary) } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surface,
      color: vars.color.text,
      borderColor: vars.color.border,
      selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceAlt } },
    },
  ],
  danger: [
    base,
    {
      background: vars.color.danger,
      color: vars.color.dangerText,
      selectors: { '&:hover:not(:disabled)': { background: hover(vars.color.danger) } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: 'inherit',
      selectors: { '&:hover:not(:disabled)': { background: 'color-mix(in srgb, currentColor 10%, transparent)' } },
    },
  ],
});

export const size = styleVariants({
  sm: { minBlockSize: '32px', paddingInline: space.md, fontSize: font.size.sm },
  md: { minBlockSize: '40px', paddingInline: space.lg, fontSize: font.size.md },
});

/** Square icon-only buttons (the label goes in aria-label). */
export const iconOnly = style({ paddingInline: 0, aspectRatio: '1', flexShrink: 0 });
