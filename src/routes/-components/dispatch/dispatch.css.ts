// The dispatch views' layout pieces (logical properties only, so right-to-left works).
import { style } from '@vanilla-extract/css';
import { factTerm, factValue, narrowFactList } from '../../../ui/surfaces.css';
import { font, space, vars } from '../../../ui/theme.css';

export const page = style({ display: 'grid', gap: space.lg, minInlineSize: 0 });

/** Label and value pairs; one column on a phone. */
export const facts = style(narrowFactList);

export const term = style(factTerm);

export const value = style(factValue);

/** The line page's cards side by side when there is room. */
export const cards = style({
  display: 'grid',
  gap: space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
});

export const muted = style({ color: vars.color.muted, fontSize: font.size.sm, margin: 0 });

export const nowrap = style({ whiteSpace: 'nowrap' });

export const note = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' });
