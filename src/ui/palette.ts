// The settings' plain values, apart from the styles so that Node (tests, tools) can import them too.

export const SETTINGS_STORAGE_KEY = 'doorstep.settings';

/** Colours offered for the top bar and the sidebar; the store keeps the hex, so any valid hex also works. */
export const chromePalette: readonly { name: string; value: string }[] = [
  { name: 'Default', value: '' },
  { name: 'White', value: '#ffffff' },
  // Each colour keeps white text at 4.5:1 or more even under the current link's tint (tests/unit/ui-contrast.test.ts).
  { name: 'Teal', value: '#115e59' },
  { name: 'Indigo', value: '#3730a3' },
  { name: 'Blue', value: '#1d4ed8' },
  { name: 'Slate', value: '#334155' },
  { name: 'Charcoal', value: '#111827' },
  { name: 'Maroon', value: '#7f1d1d' },
  { name: 'Saffron', value: '#9a3412' },
];
