import { style } from '@vanilla-extract/css';

// Above the page at the bottom edge, inside the screen at any width (a phone's too).
export const banner = style({
  position: 'fixed',
  insetInline: 12,
  insetBlockEnd: 12,
  zIndex: 60,
  maxInlineSize: 560,
  marginInline: 'auto',
  boxShadow: '0 4px 16px rgb(0 0 0 / 0.18)',
});
