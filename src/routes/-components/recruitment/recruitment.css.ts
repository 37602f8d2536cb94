// The recruitment screens' small layout pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { factList } from '../../../ui/surfaces.css';
import { font, radius, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg });
export const muted = style({ color: vars.color.muted, fontSize: font.size.sm });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const facts = style(factList);
export const fact = style({ margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: space.sm, alignItems: 'center' });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: space.md, alignItems: 'end' });
export const funnel = style({ display: 'grid', gap: space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const funnelRow = style({
  display: 'grid',
  // Each step is its own grid: fixed outer columns keep the bars' tracks the same length on every line.
  gridTemplateColumns: 'minmax(7rem, 11rem) minmax(4rem, 1fr) 16rem',
  fontSize: font.size.sm,
  gap: space.sm,
  alignItems: 'center',
  // On a phone the figures go under the step and its bar.
  '@media': { '(max-width: 600px)': { gridTemplateColumns: 'minmax(5rem, 8rem) minmax(3rem, 1fr)' } },
});
export const funnelFigures = style({
  whiteSpace: 'nowrap',
  '@media': { '(max-width: 600px)': { gridColumn: '1 / -1', whiteSpace: 'normal' } },
});
export const funnelTrack = style({
  display: 'block',
  blockSize: '1.25rem',
  background: vars.color.surfaceAlt,
  borderRadius: radius.sm,
  overflow: 'hidden',
});
export const funnelBar = style({ display: 'block', blockSize: '100%', background: vars.color.primary });
export const fileList = style({ margin: 0, paddingInlineStart: space.lg, display: 'grid', gap: space.xs });
