import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

/** Colour contract shared by the light and dark themes; components read only these variables. */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surfaceAlt: null,
    text: null,
    muted: null,
    border: null,
    primary: null,
    primaryText: null,
    accent: null,
    danger: null,
    // Text on a solid danger background (white in light, near-black in dark where danger is a light red).
    dangerText: null,
    success: null,
    warning: null,
    info: null,
    focus: null,
  },
  // Top bar and sidebar colours come from the settings store (set on :root at run time).
  chrome: { topbarBg: null, topbarText: null, sidebarBg: null, sidebarText: null },
});

export const space = { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '40px' } as const;
export const radius = { sm: '4px', md: '8px', lg: '14px', pill: '999px' } as const;
export const shadow = {
  sm: '0 1px 2px rgb(16 24 40 / 0.08)',
  md: '0 4px 12px rgb(16 24 40 / 0.12)',
  lg: '0 16px 40px rgb(16 24 40 / 0.22)',
} as const;
/** Layout measures shared by the shell and the settings (top bar height feeds the sticky sidebar offset). */
export const layout = {
  topbarHeight: '56px',
  sidebarWidth: '260px',
  miniSidebarWidth: '72px',
  drawerWidth: '288px',
  contentMaxWidth: '1200px',
  narrowBreakpoint: 900,
} as const;
export const font = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
  size: { sm: '0.875rem', md: '1rem', lg: '1.25rem', xl: '1.75rem' },
} as const;

/** The light theme's values (exported so a unit test can check their contrast). */
export const lightTheme = {
  color: {
    bg: '#f5f7f8',
    surface: '#ffffff',
    surfaceAlt: '#eef2f3',
    text: '#14202b',
    muted: '#52606d',
    border: '#d5dde2',
    primary: '#0f766e',
    primaryText: '#ffffff',
    accent: '#c2410c',
    danger: '#b42318',
    dangerText: '#ffffff',
    success: '#067647',
    warning: '#b54708',
    info: '#175cd3',
    focus: '#2563eb',
  },
  chrome: { topbarBg: '#ffffff', topbarText: '#14202b', sidebarBg: '#0f2e2c', sidebarText: '#e6f2f1' },
} as const;

export const darkTheme = {
  color: {
    bg: '#0e1418',
    surface: '#161f25',
    surfaceAlt: '#1e2a31',
    text: '#e7edf0',
    muted: '#9fb0bb',
    border: '#2c3a43',
    primary: '#2dd4bf',
    primaryText: '#06201d',
    accent: '#fb923c',
    danger: '#f97066',
    dangerText: '#1f0a08',
    success: '#47cd89',
    warning: '#fdb022',
    info: '#84adff',
    focus: '#93c5fd',
  },
  chrome: { topbarBg: '#161f25', topbarText: '#e7edf0', sidebarBg: '#0b1a19', sidebarText: '#d7e7e5' },
} as const;

createGlobalTheme(':root', vars, lightTheme);
createGlobalTheme(':root[data-theme="dark"]', vars, darkTheme);
