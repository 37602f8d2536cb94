import { style, styleVariants } from '@vanilla-extract/css';
import { radius, space, vars } from './theme.css';
import { type Tone, toneColor, toneSoft } from './tone.css';

const base = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: space.md,
  padding: `${space.md} ${space.lg}`,
  borderRadius: radius.md,
  border: '1px solid',
  borderInlineStartWidth: '4px',
  color: vars.color.text,
  marginBlockEnd: space.lg,
});

const tones: Tone[] = ['neutral', 'success', 'danger', 'warning', 'info'];

export const tone = styleVariants(Object.fromEntries(tones.map((t) => [t, t])) as Record<Tone, Tone>, (t) => [
  base,
  { background: toneSoft(t, 10), borderColor: toneColor[t] },
]);

export const icon = styleVariants(Object.fromEntries(tones.map((t) => [t, t])) as Record<Tone, Tone>, (t) => ({
  color: toneColor[t],
  marginBlockStart: '2px',
}));

export const body = style({ minInlineSize: 0, overflowWrap: 'anywhere' });

export const title = style({ display: 'block', fontWeight: 650, marginBlockEnd: '2px' });

export const withAction = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space.md });
