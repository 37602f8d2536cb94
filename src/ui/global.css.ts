import { globalStyle, style } from '@vanilla-extract/css';
import { font, layout, vars } from './theme.css';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

// Native controls and scrollbars follow the chosen theme, not the operating system's.
globalStyle(':root', { colorScheme: 'light' });
globalStyle(':root[data-theme="dark"]', { colorScheme: 'dark' });

// The sticky top bar must not hide what keyboard focus or an in-page link scrolls to.
globalStyle('html', {
  WebkitTextSizeAdjust: '100%',
  textSizeAdjust: '100%',
  scrollPaddingBlockStart: `calc(${layout.topbarHeight} + 8px)`,
});

globalStyle('body', {
  margin: 0,
  minBlockSize: '100vh',
  fontFamily: font.body,
  fontSize: font.size.md,
  lineHeight: 1.5,
  background: vars.color.bg,
  color: vars.color.text,
  WebkitFontSmoothing: 'antialiased',
});

globalStyle('h1, h2, h3, h4, h5, h6', { lineHeight: 1.25, marginBlock: 0 });

globalStyle('a', { color: vars.color.primary });

// img { max-width: 100% } written logically (max-inline-size) so it also holds in vertical writing modes.
globalStyle('img, video, canvas', { maxInlineSize: '100%', blockSize: 'auto' });
globalStyle('svg', { flexShrink: 0 });

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

// One visible focus ring everywhere; mouse clicks do not show it (focus-visible).
globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});
globalStyle(':focus:not(:focus-visible)', { outline: 'none' });

// People who ask the system for less motion get (almost) none.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto',
    },
  },
});

/** srOnly's rules, for a style that hides its text only on some screens. */
export const srOnlyRules = {
  position: 'absolute',
  inlineSize: '1px',
  blockSize: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Hidden on screen, still read by screen readers. */
export const srOnly = style(srOnlyRules);

/** On a phone (600 px and narrower) hidden on screen, still read by screen readers: a top bar's words. */
export const srOnlyOnPhone = { '@media': { '(max-width: 600px)': srOnlyRules } } as const;
