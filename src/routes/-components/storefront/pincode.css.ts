import { globalStyle, style } from '@vanilla-extract/css';
import { menuButton } from '../../../ui/PublicLayout.css';
import { font, radius, space, vars } from '../../../ui/theme.css';
import { toneColor } from '../../../ui/tone.css';

// Kept in step with PublicLayout.css.ts's narrow width (the menu button shows below it).
const narrow = '(max-width: 759.98px)';

/** The header's pincode button: beside the brand, outside the collapsible menu, so a phone shows it too. */
export const headerPin = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2px',
  minBlockSize: '36px',
  paddingInline: '6px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: font.size.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  // Closer to the brand and the nav on a laptop, so the nav keeps one row; on a phone it takes the free space's margin.
  marginInline: `calc(-1 * ${space.sm})`,
  '@media': { [narrow]: { marginInlineStart: 'auto', marginInlineEnd: 0, minBlockSize: '40px' } },
});

// On a phone the pincode takes the free space's margin; the menu button then sits right after it.
globalStyle(`${headerPin} + ${menuButton}`, { '@media': { [narrow]: { marginInlineStart: 0 } } });

export const note = style({ margin: 0, color: vars.color.muted });

export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.sm });

const cardLine = style({ fontSize: font.size.sm, fontWeight: 600, color: vars.color.text });
const dot = (colour: string) => ({
  content: '""',
  display: 'inline-block',
  inlineSize: '8px',
  blockSize: '8px',
  marginInlineEnd: space.xs,
  borderRadius: radius.pill,
  background: colour,
});
export const cardYes = style([cardLine, { selectors: { '&::before': dot(toneColor.success) } }]);
export const cardNo = style([cardLine, { selectors: { '&::before': dot(toneColor.warning) } }]);
export const cardNote = style({ display: 'block' });
