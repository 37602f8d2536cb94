// Styles of the public storefront pages. Logical properties only (inline/block, start/end), so right-to-left works.
import { globalStyle, style } from '@vanilla-extract/css';
import { atCardFoot, cardPicture, priceLine, raisedCard, savingPill, scrollingRow } from '../../../ui/surfaces.css';
import { font, layout, radius, shadow, space, vars } from '../../../ui/theme.css';

export const page = style({
  maxInlineSize: layout.contentMaxWidth,
  marginInline: 'auto',
  paddingBlock: `${space.xl} ${space.xxl}`,
  paddingInline: space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: space.xxl,
  minInlineSize: 0,
});

export const hero = style({ display: 'flex', flexDirection: 'column', gap: space.sm });
export const heroTitle = style({
  fontSize: 'clamp(1.6rem, 1.2rem + 1.6vw, 2.2rem)',
  fontWeight: 750,
  overflowWrap: 'anywhere',
});
export const lead = style({ margin: 0, fontSize: '1.05rem', color: vars.color.muted, maxInlineSize: '70ch' });

export const section = style({ display: 'flex', flexDirection: 'column', gap: space.lg, minInlineSize: 0 });
export const sectionHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: space.sm,
});
export const sectionTitle = style({ fontSize: font.size.lg, fontWeight: 700 });
export const muted = style({ margin: 0, color: vars.color.muted });

// ---------------------------------------------------------------- pictures

export const imgFallback = style({
  display: 'grid',
  placeItems: 'center',
  flexShrink: 0,
  background: `linear-gradient(135deg, ${vars.color.surfaceAlt}, color-mix(in srgb, ${vars.color.primary} 18%, ${vars.color.surfaceAlt}))`,
  color: vars.color.primary,
  fontWeight: 700,
  fontSize: font.size.lg,
});

// ---------------------------------------------------------------- category tiles

export const tileGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: space.lg,
  '@media': { '(max-width: 480px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: space.md } },
});

export const tile = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: space.sm,
  blockSize: '100%',
  padding: space.lg,
  textAlign: 'center',
  textDecoration: 'none',
  color: vars.color.text,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: shadow.sm,
  transition: 'box-shadow 120ms, border-color 120ms',
  selectors: { '&:hover': { borderColor: vars.color.primary, boxShadow: shadow.md } },
});
export const tileImg = style({ borderRadius: radius.md, objectFit: 'cover', inlineSize: '96px', blockSize: '96px' });
export const tileName = style({ fontWeight: 650, overflowWrap: 'anywhere' });
export const tileMeta = style({ fontSize: font.size.sm, color: vars.color.muted });

// ---------------------------------------------------------------- service cards

export const cardGrid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: space.lg,
});

/** A single row that scrolls sideways (new launches on the home page). */
export const strip = style({ ...scrollingRow, gridAutoColumns: 'minmax(220px, 240px)' });
globalStyle(`${strip} > li`, { scrollSnapAlign: 'start' });

export const serviceCard = style({
  ...raisedCard,
  textDecoration: 'none',
  transition: 'box-shadow 120ms, border-color 120ms',
  selectors: { '&:hover': { borderColor: vars.color.primary, boxShadow: shadow.md } },
});
export const serviceImg = style({ ...cardPicture, aspectRatio: '3 / 2' });
export const serviceBody = style({
  display: 'flex',
  flexDirection: 'column',
  gap: space.xs,
  padding: space.lg,
  flex: 1,
});
export const serviceName = style({ fontWeight: 650, overflowWrap: 'anywhere' });
export const priceRow = style({ ...priceLine, ...atCardFoot });
export const price = style({ fontSize: font.size.lg, fontWeight: 750 });
export const priceNote = style({ fontSize: font.size.sm, color: vars.color.muted });
export const off = style(savingPill);

// ---------------------------------------------------------------- banners carousel

export const carousel = style({
  borderRadius: radius.lg,
  overflow: 'hidden',
  background: vars.color.surfaceAlt,
  boxShadow: shadow.sm,
});
export const slide = style({ position: 'relative' });
// The whole picture at every width (a banner's words are part of it): letterboxed, never cropped.
export const bannerImg = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: 'auto',
  aspectRatio: '3 / 1',
  objectFit: 'contain',
});
export const bannerVideoOnly = style({
  display: 'grid',
  placeItems: 'center',
  aspectRatio: '3 / 1',
  padding: space.xl,
  background: `linear-gradient(135deg, ${vars.color.primary}, color-mix(in srgb, ${vars.color.primary} 55%, ${vars.color.text}))`,
  color: vars.color.primaryText,
  fontSize: font.size.lg,
  fontWeight: 700,
  '@media': { '(max-width: 600px)': { aspectRatio: '2 / 1' } },
});
// The bar under the picture: "Watch video" at the start, the slide controls at the end.
export const controls = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space.sm,
  paddingBlock: space.xs,
  paddingInline: space.sm,
  borderBlockStart: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
});
export const controlGroup = style({
  display: 'flex',
  alignItems: 'center',
  gap: space.xs,
  marginInlineStart: 'auto',
});
export const watch = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  minBlockSize: '44px',
  paddingInline: space.sm,
  borderRadius: radius.pill,
  color: vars.color.primary,
  fontWeight: 650,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const control = style({
  display: 'inline-grid',
  placeItems: 'center',
  inlineSize: '44px',
  blockSize: '44px',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  background: vars.color.surface,
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.surfaceAlt } },
});
// Previous / next arrows point the reading way round in right-to-left.
globalStyle(`[dir="rtl"] ${control}[data-flip] svg`, { transform: 'scaleX(-1)' });
export const counter = style({ fontSize: font.size.sm, paddingInline: space.xs, fontVariantNumeric: 'tabular-nums' });

// ---------------------------------------------------------------- forms, filters, chips

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.lg,
  boxShadow: shadow.sm,
  padding: space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: space.lg,
  '@media': { '(max-width: 600px)': { padding: space.lg } },
});
export const inlineForm = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  alignItems: 'end',
  gap: space.lg,
});
export const formButton = style({ alignSelf: 'end' });

export const chips = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: space.sm,
});
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  minBlockSize: '36px',
  paddingInline: space.md,
  borderRadius: radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: 550,
  textDecoration: 'none',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&[aria-current="true"]': {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
    },
  },
});

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.lg,
});

export const breadcrumbs = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: space.xs,
  fontSize: font.size.sm,
  color: vars.color.muted,
});
globalStyle(`${breadcrumbs} li + li::before`, { content: '"›"', marginInlineEnd: space.xs, color: vars.color.muted });

// ---------------------------------------------------------------- category header and service details

export const categoryHead = style({ display: 'flex', alignItems: 'center', gap: space.lg, flexWrap: 'wrap' });
export const categoryImg = style({
  borderRadius: radius.lg,
  objectFit: 'cover',
  inlineSize: '96px',
  blockSize: '96px',
});

export const detail = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 2fr)',
  gap: space.xl,
  alignItems: 'start',
  '@media': { '(max-width: 860px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const gallery = style({ display: 'flex', flexDirection: 'column', gap: space.md, minInlineSize: 0 });
export const mainImg = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: 'auto',
  aspectRatio: '3 / 2',
  objectFit: 'cover',
  borderRadius: radius.lg,
  background: vars.color.surfaceAlt,
});
export const thumbs = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
  gap: space.md,
});
export const thumb = style({
  display: 'block',
  inlineSize: '100%',
  blockSize: 'auto',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: radius.md,
  background: vars.color.surfaceAlt,
});
export const youtube = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space.sm,
  aspectRatio: '4 / 3',
  padding: space.md,
  borderRadius: radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  fontWeight: 650,
  textAlign: 'center',
  textDecoration: 'none',
});

export const priceTable = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  justifyContent: 'space-between',
  gap: `${space.sm} ${space.lg}`,
  margin: 0,
});
globalStyle(`${priceTable} dt`, { color: vars.color.muted });
globalStyle(`${priceTable} dd`, { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
export const totalRow = style({
  fontSize: font.size.lg,
  fontWeight: 750,
  color: vars.color.text,
  paddingBlockStart: space.sm,
  borderBlockStart: `1px solid ${vars.color.border}`,
});
globalStyle(`dt${totalRow}`, { color: vars.color.text });

export const rating = style({ display: 'flex', alignItems: 'center', gap: space.sm, fontWeight: 650 });
export const description = style({ margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' });

// ---------------------------------------------------------------- header search (combobox)

export const search = style({
  position: 'relative',
  flex: '0 1 300px',
  minInlineSize: '160px',
  '@media': { '(max-width: 759.98px)': { inlineSize: '100%' } },
});
export const searchInput = style({
  inlineSize: '100%',
  minBlockSize: '40px',
  paddingInline: `${space.md} ${space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  background: vars.color.bg,
  color: vars.color.text,
  selectors: { '&::placeholder': { color: vars.color.muted } },
});
export const listbox = style({
  position: 'absolute',
  insetBlockStart: 'calc(100% + 4px)',
  insetInlineStart: 0,
  zIndex: 40,
  inlineSize: 'max(100%, 340px)',
  maxInlineSize: 'calc(100vw - 32px)',
  maxBlockSize: 'min(70vh, 480px)',
  overflowY: 'auto',
  margin: 0,
  padding: space.xs,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  boxShadow: shadow.lg,
  '@media': { '(max-width: 759.98px)': { position: 'static', inlineSize: '100%', marginBlockStart: space.xs } },
});
export const groupLabel = style({
  paddingBlock: `${space.sm} ${space.xs}`,
  paddingInline: space.sm,
  fontSize: font.size.sm,
  fontWeight: 700,
  color: vars.color.muted,
  textTransform: 'uppercase',
  letterSpacing: '0.04em',
});
export const option = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: space.md,
  paddingBlock: space.sm,
  paddingInline: space.sm,
  borderRadius: radius.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': {
      background: `color-mix(in srgb, ${vars.color.primary} 14%, ${vars.color.surface})`,
      outline: `2px solid ${vars.color.primary}`,
      outlineOffset: '-2px',
    },
  },
});
export const optionMeta = style({ fontSize: font.size.sm, color: vars.color.muted, whiteSpace: 'nowrap' });
export const searchNote = style({ margin: 0, padding: space.sm, color: vars.color.muted, fontSize: font.size.sm });

// ---------------------------------------------------------------- static pages (About, Privacy policy)

export const prose = style({
  maxInlineSize: '75ch',
  display: 'flex',
  flexDirection: 'column',
  gap: space.md,
  lineHeight: 1.65,
});
globalStyle(`${prose} h2`, { fontSize: font.size.lg, fontWeight: 700, marginBlockStart: space.lg });
globalStyle(`${prose} p, ${prose} ul`, { margin: 0 });
globalStyle(`${prose} ul`, { paddingInlineStart: space.xl, display: 'grid', gap: space.xs });
