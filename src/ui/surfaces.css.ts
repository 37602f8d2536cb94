// Style pieces several screens draw alike (spread them into a style): a card that fills its grid cell, its picture,
// body and price row; a row of cards that scrolls sideways; table cells; label and value lists; a floating menu's
// panel and how it appears; the page frame and its skip link. Logical properties only, so right-to-left works.
import { keyframes } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';

/** A box on the page's surface colour with its border: the cards', the floating panels', the invoice's. */
export const surfaceBox = {
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
} as const;

/** A raised card that fills its cell: the storefront's services, the packages and the subscription plans. */
export const raisedCard = {
  display: 'flex',
  flexDirection: 'column',
  blockSize: '100%',
  overflow: 'hidden',
  ...surfaceBox,
  borderRadius: radius.lg,
  boxShadow: shadow.sm,
} as const;

/** A card's picture, as wide as the card (each card says its aspect ratio). */
export const cardPicture = { inlineSize: '100%', blockSize: 'auto', objectFit: 'cover' } as const;

/** A card's text below its picture; it grows so the price row meets the card's foot. */
export const cardBody = {
  display: 'flex',
  flexDirection: 'column',
  gap: space.sm,
  padding: space.lg,
  flex: 1,
} as const;

/** Price, was-price and notes on one wrapping line. */
export const priceLine = { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: space.sm } as const;

/** Pushed to the card's foot, whatever the length of the text above. */
export const atCardFoot = { marginBlockStart: 'auto', paddingBlockStart: space.sm } as const;

/** A short bulleted list in a card (a package's services, a plan's discounts). */
export const cardBullets = {
  margin: 0,
  paddingInlineStart: space.lg,
  fontSize: font.size.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
} as const;

/** The green pill of a saving ("20% off", "Save ₹100"). */
export const savingPill = {
  fontSize: font.size.sm,
  fontWeight: 700,
  color: vars.color.success,
  background: `color-mix(in srgb, ${vars.color.success} 12%, ${vars.color.surface})`,
  borderRadius: radius.pill,
  paddingInline: space.sm,
} as const;

/**
 * A list of cards in one row that scrolls sideways and snaps to a card (the home page's strips); each screen says
 * how wide a card is (gridAutoColumns) and gives its items `scrollSnapAlign: 'start'`.
 */
export const scrollingRow = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  paddingBlockEnd: space.sm,
  display: 'grid',
  gridAutoFlow: 'column',
  gap: space.lg,
  overflowX: 'auto',
  overscrollBehaviorInline: 'contain',
  scrollSnapType: 'inline mandatory',
} as const;

/** A row whose two ends are pushed apart, onto two lines when narrow (each says its gap and alignment). */
export const endsApart = { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between' } as const;

/** A small bordered box on the page's surface: a professional's card, a picture of a list, a diagram's state. */
export const smallBox = {
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  background: vars.color.surface,
} as const;

/** A plain list (no bullets, no indent) of such boxes, a gap apart. */
export const boxList = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space.md } as const;

/** A bordered box of a list, on the page's surface: an address, a favourite, a cart's or an order's line. */
export const listBox = {
  padding: space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  background: vars.color.surface,
} as const;

/** A table cell with the line under it: DataTable's and the books' tables. */
export const ruledCell = {
  paddingBlock: space.sm,
  paddingInline: space.md,
  borderBlockEnd: `1px solid ${vars.color.border}`,
} as const;

/** The same in the small tables of a card (a chart's figures, a salary's lines). */
export const smallRuledCell = {
  paddingBlock: space.xs,
  paddingInline: space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
} as const;

/** A table's column heading: muted, bold and on one line. */
export const headCell = { color: vars.color.muted, fontWeight: 600, whiteSpace: 'nowrap', ...ruledCell } as const;

/** Label and value pairs of a definition list, the labels in their own column. */
export const factList = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space.xs} ${space.md}`,
  margin: 0,
} as const;

/** The same read during a call or a dispatch: one column on a phone, a long value wraps anywhere. */
export const narrowFactList = {
  ...factList,
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
} as const;
export const factTerm = { fontWeight: 600, color: vars.color.muted, fontSize: font.size.sm } as const;
export const factValue = { margin: 0, overflowWrap: 'anywhere' } as const;

/** Items parted by a line, the last without one (a short list in a card). */
export const partedItem = {
  display: 'grid',
  gap: space.xs,
  paddingBlock: space.sm,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBlockEnd: 'none' } },
} as const;

/** A chart's legend: its keys on wrapping lines (each chart says the gap). */
export const chartLegend = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  fontSize: font.size.sm,
} as const;

/** A refusal in a box, its start edge thick (a table's failed read, an import's problems). */
export const dangerBox = {
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.danger}`,
  borderInlineStartWidth: '4px',
  color: vars.color.danger,
} as const;

/** A menu item's look when radix highlights it and when the keyboard reaches it. */
export const menuItemStates = {
  '&[data-highlighted]': { background: vars.color.surfaceAlt },
  '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
} as const;

/** A floating panel's fade and drop (menus and popovers). */
export const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'none' },
});

/** A round button with no box of its own (a chip's remove cross, a menu's trigger): it takes the text's colour. */
export const bareRoundButton = {
  border: 0,
  borderRadius: radius.pill,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
} as const;

/** The box of a floating panel: above the page, raised, bordered. */
export const floatingPanel = {
  zIndex: 60,
  ...surfaceBox,
  borderRadius: radius.md,
  boxShadow: shadow.lg,
} as const;

/** The page frame: at least the screen's height, its parts in a column. */
export const pageFrame = { minBlockSize: '100dvh', display: 'flex', flexDirection: 'column' } as const;

/** "Skip to content": off screen until focused (Tab from the top of the page). */
export const skipLink = {
  position: 'absolute',
  insetBlockStart: space.sm,
  insetInlineStart: space.sm,
  zIndex: 200,
  padding: `${space.sm} ${space.lg}`,
  borderRadius: radius.md,
  background: vars.color.surface,
  color: vars.color.primary,
  fontWeight: 600,
  boxShadow: shadow.md,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
} as const;
