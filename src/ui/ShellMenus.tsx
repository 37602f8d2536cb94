// Loaded on demand by AppShell: radix Dialog and DropdownMenu (with floating-ui) stay out of the public pages' JS.
import { Link } from '@tanstack/react-router';
import { Dialog, DropdownMenu } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import * as s from './AppShell.css';
import { Button } from './Button';
import { srOnly } from './global.css';
import { ChevronDownIcon, CloseIcon } from './icons';
import { ACTIVE_OPTIONS, asTo, isInside, type MenuSection, SideMenu } from './SideMenu';

export interface MenuDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  brand: ReactNode;
  menu: MenuSection[] | null;
  path: string;
  /** The hamburger: focus goes back to it when the drawer closes. */
  returnFocus: RefObject<HTMLButtonElement | null>;
}

/** The off-canvas sidebar (mobile sidebar setting, or screens under 900px): a modal dialog at the inline start. */
export function MenuDrawer({ open, onOpenChange, brand, menu, path, returnFocus }: MenuDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={s.drawerOverlay} />
        <Dialog.Content
          id="app-drawer"
          className={s.drawer}
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <div className={s.drawerHead}>
            <Dialog.Title className={srOnly}>Menu</Dialog.Title>
            <div className={s.brand}>{brand}</div>
            <Dialog.Close asChild>
              <Button variant="ghost" icon aria-label="Close menu">
                <CloseIcon />
              </Button>
            </Dialog.Close>
          </div>
          <div className={s.drawerBody}>
            <SideMenu menu={menu} path={path} onNavigate={() => onOpenChange(false)} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The menu as a bar under the top bar (horizontal layout); groups open as drop-down menus. */
export function HorizontalMenu({ menu, path }: { menu: MenuSection[] | null; path: string }) {
  return (
    <nav aria-label="Main menu" className={s.hbar}>
      {menu === null ? (
        <p className={s.notLoggedIn}>User Not Login</p>
      ) : (
        <ul className={s.hlist}>
          {menu.map((section) =>
            section.items ? (
              <li key={section.label}>
                <DropdownMenu.Root modal={false}>
                  <DropdownMenu.Trigger
                    className={s.hlink}
                    data-active={section.items.some((i) => isInside(path, i.to)) || undefined}
                  >
                    {section.label}
                    <ChevronDownIcon size={14} className={s.hchevron} />
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content className={s.hmenu} align="start" sideOffset={4} collisionPadding={8}>
                      {section.items.map((item) => (
                        <DropdownMenu.Item key={item.to} asChild>
                          <Link to={asTo(item.to)} className={s.hitem} activeOptions={ACTIVE_OPTIONS}>
                            {item.label}
                          </Link>
                        </DropdownMenu.Item>
                      ))}
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu.Root>
              </li>
            ) : (
              <li key={section.label}>
                <Link to={asTo(section.to ?? '/')} className={s.hlink} activeOptions={ACTIVE_OPTIONS}>
                  {section.label}
                </Link>
              </li>
            ),
          )}
        </ul>
      )}
    </nav>
  );
}
