// Responsive pictures: every raster picture uploaded through the API has WebP variants beside it,
// `<name>-480.webp`, `-960.webp` and `-1600.webp`, each at most that wide (server/plugins/storage.ts makes them;
// tests/api/images.test.ts checks both sides agree). SVGs and anything else get no srcset.
const WIDTHS = [480, 960, 1600];
const UPLOADED = /^(\/uploads\/[a-z0-9-]+\/[0-9a-f]{32})\.(jpg|png|webp)$/;

/** The srcset of a stored picture's URL, or undefined when it has no variants. */
export function srcsetOf(url: string): string | undefined {
  const m = UPLOADED.exec(url);
  return m ? WIDTHS.map((w) => `${m[1]}-${w}.webp ${w}w`).join(', ') : undefined;
}
