import { style, styleVariants } from '@vanilla-extract/css';
import { font, radius, space } from './theme.css';
import { type Tone, toneColor, toneSoft } from './tone.css';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: space.xs,
  paddingInline: space.sm,
  paddingBlock: '2px',
  borderRadius: radius.pill,
  border: '1px solid',
  fontSize: font.size.sm,
  fontWeight: 600,
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
});

const tones: Tone[] = ['neutral', 'success', 'danger', 'warning', 'info'];

export const tone = styleVariants(Object.fromEntries(tones.map((t) => [t, t])) as Record<Tone, Tone>, (t) => [
  base,
  {
    color: toneColor[t],
    background: toneSoft(t, 12),
    borderColor: `color-mix(in srgb, ${toneColor[t]} 35%, transparent)`,
  },
]);
