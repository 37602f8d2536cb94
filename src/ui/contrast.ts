// WCAG 2.x relative luminance and contrast ratio (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), for #rrggbb.

/** How much of the text colour the sidebar and top bar mix into a link's background (AppShell.css.ts). */
export const CHROME_TINT = { hover: 0.1, active: 0.18, badge: 0.14 } as const;

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color-mix(in srgb, top share, bottom)`: what a translucent tint of `top` over `bottom` paints. */
export function mix(bottom: string, top: string, share: number): string {
  const b = channels(bottom);
  const t = channels(top);
  return `#${b
    .map((v, i) =>
      Math.round(v * (1 - share) + t[i] * share)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Picks white or near-black text, whichever contrasts more with the chosen background. */
export function readableTextOn(hex: string): string {
  return contrastRatio(hex, '#ffffff') >= contrastRatio(hex, '#111827') ? '#ffffff' : '#111827';
}
