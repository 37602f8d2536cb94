import { style, styleVariants } from '@vanilla-extract/css';
import { font, radius, space, vars } from '../../../ui';
import { toneColor, toneSoft } from '../../../ui/tone.css';

export const page = style({ display: 'grid', gap: space.lg, minWidth: 0 });
export const row = style({ display: 'flex', gap: space.sm, flexWrap: 'wrap', alignItems: 'flex-end' });
export const card = style({
  display: 'grid',
  gap: space.sm,
  padding: space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: radius.md,
  minWidth: 0,
});
export const cardTitle = style({ margin: 0, fontSize: font.size.md, fontWeight: 600 });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${space.xs} ${space.md}`,
  margin: 0,
});
export const muted = style({ color: vars.color.muted, margin: 0, fontSize: font.size.sm });
export const weekdays = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
  gap: space.xs,
  color: vars.color.muted,
  fontSize: font.size.sm,
  textAlign: 'center',
});
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
  gap: space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});
const cellBase = style({
  display: 'grid',
  gap: '2px',
  minHeight: '56px',
  padding: space.xs,
  borderRadius: radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontSize: font.size.sm,
  textAlign: 'start',
  background: vars.color.surface,
  color: vars.color.text,
  minWidth: 0,
  overflow: 'hidden',
});
export const cell = styleVariants({
  present: [cellBase, { background: toneSoft('success', 16) }],
  halfDay: [cellBase, { background: toneSoft('warning', 18) }],
  absent: [cellBase, { background: toneSoft('danger', 14) }],
  leave: [cellBase, { background: toneSoft('info', 16) }],
  holiday: [cellBase, { background: toneSoft('info', 8), borderStyle: 'dashed' }],
  weeklyOff: [cellBase, { background: vars.color.surfaceAlt }],
  // Before the joining date: neutral, neither a paid nor an absent colour; the words say "Not joined".
  notJoined: [cellBase, { background: vars.color.surface, borderStyle: 'dotted', color: vars.color.muted }],
  none: [cellBase],
});
export const cellButton = style({ cursor: 'pointer', font: 'inherit', ':hover': { borderColor: toneColor.info } });
export const dayNumber = style({ fontWeight: 600 });
export const cellNote = style({ color: vars.color.muted, fontSize: '0.75rem', whiteSpace: 'nowrap' });
export const blank = style({});
export const numbers = style({ fontVariantNumeric: 'tabular-nums', textAlign: 'end' });
