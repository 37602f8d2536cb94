import { style } from '@vanilla-extract/css';
import { appear, floatingPanel } from './surfaces.css';
import { font, space, vars } from './theme.css';

export const content = style({
  ...floatingPanel,
  inlineSize: 'min(360px, calc(100vw - 16px))',
  maxBlockSize: 'var(--radix-popover-content-available-height, 80vh)',
  overflowY: 'auto',
  padding: space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  animation: `${appear} 120ms ease-out`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const header = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: space.sm });

export const title = style({ margin: 0, fontSize: font.size.md, fontWeight: 650 });
