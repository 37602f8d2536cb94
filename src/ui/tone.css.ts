import { vars } from './theme.css';

export type Tone = 'neutral' | 'success' | 'danger' | 'warning' | 'info';

/** The strong colour of each tone (icons, borders, text on a soft background). */
export const toneColor: Record<Tone, string> = {
  neutral: vars.color.muted,
  success: vars.color.success,
  danger: vars.color.danger,
  warning: vars.color.warning,
  info: vars.color.info,
};

/** A soft background tinted with the tone; works in both themes because it mixes with the surface. */
export const toneSoft = (tone: Tone, percent = 12) =>
  `color-mix(in srgb, ${toneColor[tone]} ${percent}%, ${vars.color.surface})`;
