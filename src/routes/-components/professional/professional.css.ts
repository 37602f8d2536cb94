import { globalStyle, style } from '@vanilla-extract/css';
import { srOnlyOnPhone } from '../../../ui/global.css';
import { smallBox } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

// Built for a phone first (390 px): one column of cards; wider screens get two.
export const page = style({ display: 'grid', gap: space.md, minWidth: 0 });

export const cards = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space.md,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const card = style({
  display: 'grid',
  gap: space.xs,
  padding: space.md,
  ...smallBox,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const head = style({
  display: 'flex',
  gap: space.sm,
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
});

export const title = style({ margin: 0, fontSize: font.size.md, fontWeight: 600 });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `2px ${space.md}`,
  margin: 0,
  fontSize: font.size.sm,
});
globalStyle(`${facts} dt`, { color: vars.color.muted });
globalStyle(`${facts} dd`, { margin: 0 });

export const actions = style({ display: 'flex', gap: space.xs, flexWrap: 'wrap', marginBlockStart: space.xs });

export const muted = style({ color: vars.color.muted, margin: 0, fontSize: font.size.sm });

export const tabs = style({ display: 'flex', gap: space.xs, flexWrap: 'wrap' });

export const codeInput = style({
  fontSize: '1.75rem',
  letterSpacing: '0.5em',
  fontVariantNumeric: 'tabular-nums',
  textAlign: 'center',
  width: '100%',
  maxWidth: '12rem',
  padding: space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  background: vars.color.surface,
  color: vars.color.text,
});

// Compact in the top bar: a phone's bar also holds the menu button, the brand, the settings and the profile.
// (Class plus attribute: outranks the Switch row's own gap whatever order the stylesheets load in.)
export const topbarSwitch = style({ whiteSpace: 'nowrap', flexShrink: 0 });
globalStyle(`${topbarSwitch}[class]`, { gap: space.xs, minBlockSize: 'auto' });
// On a phone the switch alone, its label still its accessible name.
globalStyle(`${topbarSwitch} label`, { fontSize: font.size.sm, ...srOnlyOnPhone });
