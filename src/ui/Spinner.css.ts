import { keyframes, style, styleVariants } from '@vanilla-extract/css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: '50%',
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderBlockStartColor: 'transparent',
  animation: `${spin} 0.75s linear infinite`,
  verticalAlign: 'middle',
});

export const size = styleVariants({
  sm: { inlineSize: '14px', blockSize: '14px', borderWidth: '2px' },
  md: { inlineSize: '22px', blockSize: '22px', borderWidth: '3px' },
  lg: { inlineSize: '36px', blockSize: '36px', borderWidth: '4px' },
});
