import { useRouterState } from '@tanstack/react-router';
import { Direction } from 'radix-ui';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import * as s from './AppShell.css';
import { Button } from './Button';
import { cx } from './cx';
import { MenuIcon } from './icons';
import { SettingsPanel } from './SettingsPanel';
import { type MenuSection, SideMenu } from './SideMenu';
import { updateSettings, useSettings } from './settings';
import { layout } from './theme.css';
import { useMediaQuery } from './useMediaQuery';

export type { MenuItem, MenuSection } from './SideMenu';

export interface AppShellProps {
  brand: ReactNode;
  /** The role's menu; null shows "User Not Login" in its place. */
  menu: MenuSection[] | null;
  topbarItems?: ReactNode;
  profile: ReactNode;
  children: ReactNode;
}

// The drawer and the horizontal menu need radix Dialog / DropdownMenu; loading them on demand keeps them out of
// the entry bundle (the route tree imports the shell, and the public home has a JS budget).
const loadShellMenus = () => import('./ShellMenus');
const MenuDrawer = lazy(() => loadShellMenus().then((m) => ({ default: m.MenuDrawer })));
const HorizontalMenu = lazy(() => loadShellMenus().then((m) => ({ default: m.HorizontalMenu })));

const NARROW = `(max-width: ${layout.narrowBreakpoint - 0.02}px)`;

/**
 * The signed-in layout: top bar, role menu (sidebar, mini sidebar, drawer or horizontal bar, following the
 * settings and the screen width) and the content area. Right-to-left comes from <html dir>, and radix
 * widgets get the same direction through Direction.Provider (arrow keys, menu sides).
 */
export function AppShell({ brand, menu, topbarItems, profile, children }: AppShellProps) {
  const settings = useSettings();
  const narrow = useMediaQuery(NARROW);
  const path = useRouterState({ select: (st) => st.location.pathname });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const hamburger = useRef<HTMLButtonElement>(null);

  const drawerMode = narrow || settings.mobileSidebar;
  const mode = drawerMode ? 'drawer' : settings.horizontalLayout ? 'horizontal' : 'sidebar';
  const mini = mode === 'sidebar' && settings.miniSidebar;

  // Fetch the on-demand menus early, so switching layout or opening the drawer does not wait.
  useEffect(() => {
    loadShellMenus().catch(() => {});
  }, []);

  // Any navigation (menu link, back button, a link in the page) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger, not a value read inside
  useEffect(() => {
    setDrawerOpen(false);
  }, [path]);
  useEffect(() => {
    if (!drawerMode) setDrawerOpen(false);
  }, [drawerMode]);

  return (
    <Direction.Provider dir={settings.direction}>
      <div className={s.shell} data-layout={mode}>
        <a href="#main" className={s.skipLink}>
          Skip to main content
        </a>
        <div className={cx(s.chrome, settings.fixedTopbar && s.chromeFixed)}>
          <header className={s.topbar}>
            {mode === 'drawer' && (
              <Button
                ref={hamburger}
                variant="ghost"
                icon
                aria-label="Open menu"
                aria-expanded={drawerOpen}
                aria-controls={drawerOpen ? 'app-drawer' : undefined}
                onClick={() => setDrawerOpen(true)}
              >
                <MenuIcon />
              </Button>
            )}
            {mode === 'sidebar' && (
              // The usual admin-template hamburger: on wide screens it toggles the mini sidebar.
              <Button
                variant="ghost"
                icon
                aria-label="Collapse menu"
                aria-pressed={settings.miniSidebar}
                title={settings.miniSidebar ? 'Expand menu' : 'Collapse menu'}
                onClick={() => updateSettings({ miniSidebar: !settings.miniSidebar })}
              >
                <MenuIcon />
              </Button>
            )}
            <div className={s.brand}>{brand}</div>
            <div className={s.topbarItems}>
              {topbarItems}
              <SettingsPanel />
              {profile}
            </div>
          </header>
          {mode === 'horizontal' && (
            <Suspense fallback={<div className={cx(s.hbar, s.hbarPending)} />}>
              <HorizontalMenu menu={menu} path={path} />
            </Suspense>
          )}
        </div>

        <div className={s.body}>
          {mode === 'sidebar' && (
            <aside
              className={cx(
                s.sidebar,
                mini && s.sidebarMini,
                settings.fixedSidebar && s.sidebarFixed,
                settings.fixedSidebar && settings.fixedTopbar && s.sidebarFixedUnderTopbar,
              )}
            >
              <div className={s.sidebarPanel}>
                <SideMenu menu={menu} path={path} />
              </div>
            </aside>
          )}
          <main id="main" tabIndex={-1} className={s.main}>
            {settings.innerRightPart ? <div className={s.inner}>{children}</div> : children}
          </main>
        </div>

        {mode === 'drawer' && (
          <Suspense fallback={null}>
            <MenuDrawer
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              brand={brand}
              menu={menu}
              path={path}
              returnFocus={hamburger}
            />
          </Suspense>
        )}
      </div>
    </Direction.Provider>
  );
}
