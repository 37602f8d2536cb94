import { setFileScope } from '@vanilla-extract/css/fileScope';
import { describe, expect, it } from 'vitest';

// theme.css.ts and settings.ts use vanilla-extract; outside the Vite plugin they need a file scope.
setFileScope('tests/unit/ui-contrast.test.ts');
const { CHROME_TINT, contrastRatio, mix, readableTextOn } = await import('../../src/ui/contrast');
const { chromePalette } = await import('../../src/ui/settings');
const { darkTheme, lightTheme } = await import('../../src/ui/theme.css');

const AA_TEXT = 4.5;

describe('WCAG contrast ratio', () => {
  it('matches the reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // #767676 on white is the classic "just passes AA" grey.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
    // The reported defects: the old Teal and Saffron under the current link's tint.
    expect(contrastRatio(mix('#0f766e', '#ffffff', CHROME_TINT.active), '#ffffff')).toBeLessThan(AA_TEXT);
    expect(contrastRatio(mix('#c2410c', '#ffffff', CHROME_TINT.active), '#ffffff')).toBeLessThan(AA_TEXT);
  });
});

// A chosen colour replaces the bar's background in both themes, with readableTextOn as its text colour; the
// theme's own colours are the "Default" choice.
const choices = [
  ...chromePalette.filter((c) => c.value).map((c) => ({ name: c.name, bg: c.value, text: readableTextOn(c.value) })),
  ...[
    ['light', lightTheme],
    ['dark', darkTheme],
  ].flatMap(([mode, t]) => {
    const { chrome } = t as typeof lightTheme;
    return [
      { name: `Default top bar (${mode})`, bg: chrome.topbarBg, text: chrome.topbarText },
      { name: `Default sidebar (${mode})`, bg: chrome.sidebarBg, text: chrome.sidebarText },
    ];
  }),
];

describe('every pickable top bar and sidebar colour', () => {
  it.each(choices)('$name keeps text at 4.5:1, plain, hovered and as the current page', ({ bg, text }) => {
    expect(contrastRatio(bg, text)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(mix(bg, text, CHROME_TINT.hover), text)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(mix(bg, text, CHROME_TINT.active), text)).toBeGreaterThanOrEqual(AA_TEXT);
    // A link's initials badge has its own tint; over a hovered or current link it is a ring, never a second tint.
    expect(contrastRatio(mix(bg, text, CHROME_TINT.badge), text)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('theme text colours', () => {
  it.each([
    ['light', lightTheme],
    ['dark', darkTheme],
  ] as const)('%s: text, muted and status colours on the page and on surfaces', (_mode, t) => {
    const c = t.color;
    for (const bg of [c.bg, c.surface, c.surfaceAlt]) {
      for (const fg of [c.text, c.muted, c.primary, c.danger, c.success, c.warning, c.info]) {
        expect(contrastRatio(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
    expect(contrastRatio(c.primaryText, c.primary)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(c.dangerText, c.danger)).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
