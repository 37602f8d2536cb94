import { globalStyle, style } from '@vanilla-extract/css';
import { boxList, endsApart, listBox } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const lists = style({ display: 'flex', gap: space.xs, flexWrap: 'wrap', marginBlockEnd: space.md });

export const lines = style(boxList);

// One column the line's width: a long word or button must not widen the line past a phone's screen.
export const line = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: space.xs,
  ...listBox,
  borderRadius: radius.md,
});

export const lineHead = style({ ...endsApart, gap: space.sm, alignItems: 'center' });

export const visit = style({
  display: 'flex',
  gap: `${space.xs} ${space.md}`,
  flexWrap: 'wrap',
  alignItems: 'baseline',
  margin: 0,
});

/** The completion code: large enough to read out at the door. */
export const code = style({
  fontSize: font.size.lg,
  letterSpacing: '0.2em',
  fontVariantNumeric: 'tabular-nums',
});

export const actions = style({ display: 'flex', gap: space.xs, flexWrap: 'wrap', marginBlockStart: space.xs });
// A long label ("Send ₹1,234.00 back to Cashfree") wraps inside its button rather than past the line's end.
globalStyle(`${actions} > button, ${actions} > a`, {
  maxInlineSize: '100%',
  whiteSpace: 'normal',
  paddingBlock: space.xs,
});

export const terms = style({ display: 'grid', gap: space.sm });

export const termsTable = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${space.xs} ${space.lg}`,
  margin: 0,
});
globalStyle(`${termsTable} dd`, { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

export const slotPicker = style({
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
});

export const stars = style({
  display: 'flex',
  gap: space.xs,
  border: 0,
  padding: 0,
  margin: `0 0 ${space.md}`,
});
globalStyle(`${stars} legend`, { fontWeight: 600, marginBlockEnd: space.xs, fontSize: font.size.sm });

export const star = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  fontSize: '1.75rem',
  lineHeight: 1,
  color: vars.color.border,
  cursor: 'pointer',
  padding: space.xs,
  borderRadius: radius.sm,
  selectors: {
    '&[data-on]': { color: vars.color.accent },
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

// The radio covers its star, so a click or tap anywhere on the star chooses it; it stays in the keyboard's path.
export const starInput = style({
  position: 'absolute',
  inset: 0,
  opacity: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  cursor: 'pointer',
});

export const starLabel = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});
