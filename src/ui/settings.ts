import { useSyncExternalStore } from 'react';
import { readableTextOn } from './contrast';
import { chromePalette, SETTINGS_STORAGE_KEY } from './palette';
import { vars } from './theme.css';

export { chromePalette, readableTextOn, SETTINGS_STORAGE_KEY };

/**
 * The one settings store of the app: theme, direction, chrome colours and layout modes.
 * Persisted in localStorage, applied to <html> at once, readable from React (useSettings) and plain code.
 *
 * Layout flags, as AppShell interprets them:
 * - miniSidebar: the sidebar is narrow and shows initials only; it widens while hovered or focused.
 * - fixedTopbar: the top bar (and the horizontal menu, if any) sticks to the top while the page scrolls.
 * - fixedSidebar: the sidebar sticks beside the content at full viewport height and scrolls on its own.
 * - mobileSidebar: the sidebar is an off-canvas drawer opened by a hamburger; narrow screens (< 900px) get this
 *   mode whatever the flag says.
 * - horizontalLayout: the menu is a horizontal bar under the top bar, with groups as drop-downs; no sidebar.
 *   The drawer wins over it on narrow screens or when mobileSidebar is on.
 * - innerRightPart: the content area (the "right part" beside the sidebar) gets an inner boxed container:
 *   a surface card with a maximum width, centred in the space left by the sidebar, instead of running edge
 *   to edge.
 */
export interface Settings {
  theme: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
  /** Hex colour such as '#0f766e'; '' means the theme's own colour. */
  topbarColor: string;
  sidebarColor: string;
  miniSidebar: boolean;
  fixedTopbar: boolean;
  fixedSidebar: boolean;
  mobileSidebar: boolean;
  horizontalLayout: boolean;
  innerRightPart: boolean;
}

export const defaultSettings: Settings = Object.freeze({
  theme: 'light',
  direction: 'ltr',
  topbarColor: '',
  sidebarColor: '',
  miniSidebar: false,
  fixedTopbar: true,
  fixedSidebar: true,
  mobileSidebar: false,
  horizontalLayout: false,
  innerRightPart: false,
});

const HEX = /^#[0-9a-f]{6}$/i;
// Palette colours replaced because their text contrast was under 4.5:1; a stored choice moves to the new shade.
const RETIRED: Record<string, string> = { '#0f766e': '#115e59', '#c2410c': '#9a3412' };
const BOOLEAN_KEYS = [
  'miniSidebar',
  'fixedTopbar',
  'fixedSidebar',
  'mobileSidebar',
  'horizontalLayout',
  'innerRightPart',
] as const satisfies readonly (keyof Settings)[];

/** Keeps only well-formed values; anything else falls back to the default, key by key. */
function sanitize(input: unknown): Settings {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const out: Settings = { ...defaultSettings };
  if (raw.theme === 'light' || raw.theme === 'dark') out.theme = raw.theme;
  if (raw.direction === 'ltr' || raw.direction === 'rtl') out.direction = raw.direction;
  for (const key of ['topbarColor', 'sidebarColor'] as const) {
    const v = raw[key];
    if (typeof v === 'string' && (v === '' || HEX.test(v))) out[key] = RETIRED[v.toLowerCase()] ?? v.toLowerCase();
  }
  for (const key of BOOLEAN_KEYS) {
    if (typeof raw[key] === 'boolean') out[key] = raw[key];
  }
  return out;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // access can throw (privacy modes, sandboxed frames)
  }
}

function read(): Settings {
  try {
    const text = storage()?.getItem(SETTINGS_STORAGE_KEY);
    return text ? sanitize(JSON.parse(text)) : { ...defaultSettings };
  } catch {
    return { ...defaultSettings };
  }
}

function write(s: Settings | null) {
  try {
    const st = storage();
    if (!st) return;
    if (s) st.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(s));
    else st.removeItem(SETTINGS_STORAGE_KEY);
  } catch {
    // quota or privacy mode: the settings still apply for this page
  }
}

/** 'var(--x)' → '--x', so the contract variables can be overridden on <html> at run time. */
const cssVarName = (ref: string) => ref.replace(/^var\((--[^,)]+).*$/, '$1');

function setChrome(root: HTMLElement, bgRef: string, textRef: string, colour: string) {
  if (colour) {
    root.style.setProperty(cssVarName(bgRef), colour);
    root.style.setProperty(cssVarName(textRef), readableTextOn(colour));
  } else {
    root.style.removeProperty(cssVarName(bgRef));
    root.style.removeProperty(cssVarName(textRef));
  }
}

/** Writes the settings onto <html>: data-theme, dir, and the chrome colour variables. */
export function applySettings(s: Settings): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = s.theme;
  root.dir = s.direction;
  setChrome(root, vars.chrome.topbarBg, vars.chrome.topbarText, s.topbarColor);
  setChrome(root, vars.chrome.sidebarBg, vars.chrome.sidebarText, s.sidebarColor);
}

let current: Settings = read();
const listeners = new Set<() => void>();

function commit(next: Settings, persist: boolean) {
  current = next;
  if (persist) write(next);
  applySettings(next);
  for (const l of listeners) l();
}

export function getSettings(): Settings {
  return current;
}

export function updateSettings(patch: Partial<Settings>): void {
  commit(sanitize({ ...current, ...patch }), true);
}

export function resetSettings(): void {
  write(null);
  commit({ ...defaultSettings }, false);
}

export function subscribeSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverSnapshot = () => defaultSettings;

export function useSettings(): Settings {
  return useSyncExternalStore(subscribeSettings, getSettings, serverSnapshot);
}

if (typeof document !== 'undefined') {
  applySettings(current);
  // Another tab changed (or cleared) the settings: follow it.
  window.addEventListener('storage', (e) => {
    if (e.key === SETTINGS_STORAGE_KEY || e.key === null) commit(read(), false);
  });
}
