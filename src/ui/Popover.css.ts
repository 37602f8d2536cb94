import { keyframes, style } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'none' },
});

export const content = style({
  zIndex: 60,
  inlineSize: 'min(360px, calc(100vw - 16px))',
  maxBlockSize: 'var(--radix-popover-content-available-height, 80vh)',
  overflowY: 'auto',
  padding: space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  boxShadow: shadow.lg,
  animation: `${appear} 120ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm });

export const title = style({ margin: 0, fontSize: font.size.md, fontWeight: 650 });
