// Style pieces several screens draw alike (spread them into a style): a card that fills its grid cell, its picture,
// body and price row; a floating menu's panel and how it appears; the page frame and its skip link. Logical
// properties only, so right-to-left works.
import { keyframes } from '@vanilla-extract/css';
import { font, radius, shadow, space, vars } from './theme.css';

/** A raised card that fills its cell: the storefront's services, the packages and the subscription plans. */
export const raisedCard = {
  display: 'flex',
  flexDirection: 'column',
  blockSize: '100%',
  overflow: 'hidden',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
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

/** A floating panel's fade and drop (menus and popovers). */
export const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'none' },
});

/** The box of a floating panel: above the page, raised, bordered. */
export const floatingPanel = {
  zIndex: 60,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
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
