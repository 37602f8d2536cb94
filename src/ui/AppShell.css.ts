import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { CHROME_TINT } from './contrast';
import { floatingPanel, menuItemStates, pageFrame, skipLink as skip } from './surfaces.css';
import { font, layout, radius, shadow, space, vars } from './theme.css';

/* ---------- frame ---------- */

export const shell = style(pageFrame);

export const skipLink = style(skip);

/** Holds the top bar and the horizontal menu, so both stick together when the top bar is fixed. */
export const chrome = style({ zIndex: 30 });
export const chromeFixed = style({ position: 'sticky', insetBlockStart: 0 });

// Focus rings inside coloured chrome use the chrome's own text colour, which always contrasts with its
// background (the theme's focus blue does not on a blue or dark teal bar).
const chromeFocus = (colour: string) => ({ outline: `2px solid ${colour}`, outlineOffset: '2px' });

export const topbar = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  blockSize: layout.topbarHeight,
  paddingInline: space.md,
  background: vars.chrome.topbarBg,
  color: vars.chrome.topbarText,
  borderBlockEnd: `1px solid color-mix(in srgb, ${vars.chrome.topbarText} 14%, transparent)`,
  boxShadow: shadow.sm,
  // On a phone a role with many items (the vendor's stock, status, balance, top-up, bell) gets a second row rather
  // than a page wider than the screen.
  '@media': {
    '(max-width: 600px)': {
      blockSize: 'auto',
      minBlockSize: layout.topbarHeight,
      paddingBlock: space.xs,
    },
  },
});
globalStyle(`${topbar} :focus-visible`, chromeFocus(vars.chrome.topbarText));

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  minInlineSize: 0,
  fontSize: font.size.lg,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  paddingInline: space.xs,
});

export const topbarItems = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.sm,
  marginInlineStart: 'auto',
  minInlineSize: 0,
  '@media': {
    '(max-width: 600px)': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: space.xs },
  },
});

export const body = style({ flex: 1, display: 'flex', alignItems: 'stretch', minBlockSize: 0 });

/* ---------- sidebar ---------- */

export const sidebar = style({
  position: 'relative',
  flex: `0 0 ${layout.sidebarWidth}`,
  inlineSize: layout.sidebarWidth,
  zIndex: 20,
  background: vars.chrome.sidebarBg,
  color: vars.chrome.sidebarText,
});
globalStyle(`${sidebar} :focus-visible`, chromeFocus(vars.chrome.sidebarText));

// Sticky beside the content; the offset is the top bar's height only when the top bar sticks too.
export const sidebarFixed = style({
  position: 'sticky',
  alignSelf: 'flex-start',
  insetBlockStart: 0,
  blockSize: '100dvh',
});
export const sidebarFixedUnderTopbar = style({
  insetBlockStart: layout.topbarHeight,
  blockSize: `calc(100dvh - ${layout.topbarHeight})`,
});

export const sidebarMini = style({ flexBasis: layout.miniSidebarWidth, inlineSize: layout.miniSidebarWidth });

/** The scrolling part of the sidebar; in mini mode it floats so it can widen over the content. */
export const sidebarPanel = style({
  blockSize: '100%',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: space.sm,
  background: vars.chrome.sidebarBg,
  selectors: {
    [`${sidebarMini} &`]: {
      position: 'absolute',
      insetBlock: 0,
      insetInlineStart: 0,
      inlineSize: layout.miniSidebarWidth,
      overflowX: 'hidden',
      transition: 'inline-size 150ms ease-out, box-shadow 150ms',
    },
    [`${sidebarMini}:hover &, ${sidebarMini}:focus-within &`]: {
      inlineSize: layout.sidebarWidth,
      boxShadow: shadow.lg,
    },
  },
});

/** Mini sidebar while not hovered or focused: only the initials show. */
const collapsed = `${sidebarMini}:not(:hover):not(:focus-within)`;

/* ---------- vertical menu (sidebar and drawer) ---------- */

export const nav = style({ display: 'block' });

export const menuList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
});

export const notLoggedIn = style({ margin: 0, padding: space.md, fontWeight: 600, opacity: 0.9 });

const hoverTint = `color-mix(in srgb, currentColor ${CHROME_TINT.hover * 100}%, transparent)`;
const activeTint = `color-mix(in srgb, currentColor ${CHROME_TINT.active * 100}%, transparent)`;

export const link = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.md,
  inlineSize: '100%',
  minBlockSize: '40px',
  padding: `${space.xs} ${space.md}`,
  border: 0,
  borderInlineStart: '3px solid transparent',
  borderRadius: radius.md,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  textDecoration: 'none',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: hoverTint },
    '&[aria-current="page"]': { background: activeTint, borderInlineStartColor: 'currentColor', fontWeight: 650 },
    '&[data-active="true"]': { fontWeight: 650 },
    [`${collapsed} &`]: { justifyContent: 'center', paddingInline: 0 },
  },
});

export const initials = style({
  display: 'inline-grid',
  placeItems: 'center',
  flexShrink: 0,
  inlineSize: '30px',
  blockSize: '30px',
  borderRadius: radius.md,
  background: `color-mix(in srgb, currentColor ${CHROME_TINT.badge * 100}%, transparent)`,
  fontSize: '0.75rem',
  fontWeight: 700,
  letterSpacing: '0.02em',
  selectors: {
    // Over a hovered or current link's tint a second tint would fall under 4.5:1 (Teal: 4.2:1); a ring instead.
    [`${link}:hover > &, ${link}[aria-current="page"] > &`]: {
      background: 'transparent',
      boxShadow: 'inset 0 0 0 1px currentColor',
    },
  },
});

// Collapsed mini: the label is hidden visually only, so links keep their accessible names.
export const label = style({
  minInlineSize: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: {
    [`${collapsed} &`]: {
      position: 'absolute',
      inlineSize: '1px',
      blockSize: '1px',
      margin: '-1px',
      clip: 'rect(0, 0, 0, 0)',
    },
  },
});

export const chevron = style({
  marginInlineStart: 'auto',
  transition: 'transform 150ms',
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' },
    [`${collapsed} &`]: { display: 'none' },
  },
});

export const subList = style({
  listStyle: 'none',
  margin: 0,
  padding: `2px 0 ${space.xs}`,
  display: 'flex',
  flexDirection: 'column',
  gap: '1px',
  selectors: { [`${collapsed} &`]: { display: 'none' } },
});

export const subLink = style([
  link,
  {
    minBlockSize: '34px',
    paddingInlineStart: `calc(${space.md} + 30px + ${space.md})`,
    fontSize: font.size.sm,
    whiteSpace: 'normal',
  },
]);

/* ---------- drawer (mobile sidebar) ---------- */

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const slideIn = keyframes({
  from: { insetInlineStart: `calc(-1 * ${layout.drawerWidth})` },
  to: { insetInlineStart: 0 },
});

export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: 40,
  background: 'rgb(8 15 20 / 0.5)',
  animation: `${fadeIn} 150ms ease-out`,
});

export const drawer = style({
  position: 'fixed',
  insetBlock: 0,
  insetInlineStart: 0,
  zIndex: 41,
  display: 'flex',
  flexDirection: 'column',
  inlineSize: `min(${layout.drawerWidth}, 86vw)`,
  background: vars.chrome.sidebarBg,
  color: vars.chrome.sidebarText,
  boxShadow: shadow.lg,
  animation: `${slideIn} 180ms ease-out`,
  selectors: { '&:focus': { outline: 'none' } },
});
globalStyle(`${drawer} :focus-visible`, chromeFocus(vars.chrome.sidebarText));

export const drawerHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
  blockSize: layout.topbarHeight,
  paddingInline: space.md,
  borderBlockEnd: `1px solid color-mix(in srgb, ${vars.chrome.sidebarText} 16%, transparent)`,
});

export const drawerBody = style({ flex: 1, overflowY: 'auto', padding: space.sm });

/* ---------- horizontal menu ---------- */

export const hbar = style({
  background: vars.chrome.sidebarBg,
  color: vars.chrome.sidebarText,
  paddingInline: space.md,
  boxShadow: shadow.sm,
});
globalStyle(`${hbar} :focus-visible`, chromeFocus(vars.chrome.sidebarText));

// Wraps onto a second row rather than scrolling, so the drop-downs are never clipped.
export const hlist = style({
  listStyle: 'none',
  margin: 0,
  paddingBlock: space.xs,
  paddingInline: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2px',
});

export const hlink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '36px',
  paddingInline: space.md,
  border: 0,
  borderBlockEnd: '2px solid transparent',
  borderRadius: radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontSize: font.size.sm,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover, &[data-state="open"]': { background: hoverTint },
    '&[aria-current="page"], &[data-active="true"]': { borderBlockEndColor: 'currentColor', background: activeTint },
  },
});

export const hchevron = style({ selectors: { '[data-state="open"] > &': { transform: 'rotate(180deg)' } } });

export const hmenu = style({
  ...floatingPanel,
  minInlineSize: '220px',
  maxBlockSize: 'var(--radix-dropdown-menu-content-available-height)',
  overflowY: 'auto',
  padding: space.xs,
});

export const hitem = style({
  display: 'block',
  padding: `${space.sm} ${space.md}`,
  borderRadius: radius.sm,
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  selectors: { ...menuItemStates, '&[aria-current="page"]': { color: vars.color.primary, fontWeight: 650 } },
});

/* ---------- content ---------- */

// The end of the page keeps room for the toast corner, so the last controls (a table's pager) can always be
// scrolled clear of a toast.
const TOAST_ROOM = '112px';

export const main = style({
  flex: 1,
  minInlineSize: 0,
  padding: space.xl,
  paddingBlockEnd: TOAST_ROOM,
  selectors: { '&:focus': { outline: 'none' } },
  '@media': { '(max-width: 600px)': { padding: space.lg, paddingBlockEnd: TOAST_ROOM } },
});

/** innerRightPart: the content sits in a centred, width-limited box of its own. */
export const inner = style({
  maxInlineSize: layout.contentMaxWidth,
  marginInline: 'auto',
  padding: space.xl,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  '@media': { '(max-width: 600px)': { padding: space.md } },
});

/** Holds the horizontal bar's height while its code loads. */
export const hbarPending = style({ minBlockSize: '44px' });
