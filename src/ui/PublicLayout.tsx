import { Link, useRouterState } from '@tanstack/react-router';
import { Direction } from 'radix-ui';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { CloseIcon, HouseLogo, MenuIcon } from './icons';
import * as s from './PublicLayout.css';
import { useSettings } from './settings';

export interface FooterLink {
  label: string;
  to: string;
}

export interface PublicLayoutProps {
  /** Header links (TanStack <Link>s). */
  nav: ReactNode;
  /** The end side of the header (right in left-to-right): search, sign in / profile... */
  actions: ReactNode;
  /** Beside the brand, outside the collapsible menu: shown on a phone too (the pincode). */
  pinned?: ReactNode;
  footerLinks?: FooterLink[];
  children: ReactNode;
}

type AnyTo = Parameters<typeof Link>[0]['to'];

// Kept deliberately light (public home budget): no radix Dialog/DropdownMenu, just a button and state.
function Brand() {
  return (
    <Link to="/" className={s.brand}>
      <HouseLogo className={s.logo} />
      Doorstep
    </Link>
  );
}

/** The public pages' frame: sticky header (brand, nav, actions), the page, and the footer. */
export function PublicLayout({ nav, actions, pinned, footerLinks = [], children }: PublicLayoutProps) {
  const { direction } = useSettings();
  const path = useRouterState({ select: (st) => st.location.pathname });
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => {
    setOpen(false);
  }, [path]);

  // Escape closes the open menu and gives focus back to its button.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Choosing a link in the open panel closes it (also when the link leads to the current page).
  const closeOnLink = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('a')) setOpen(false);
  };

  return (
    <Direction.Provider dir={direction}>
      <div className={s.page}>
        <a href="#main" className={s.skipLink}>
          Skip to main content
        </a>
        <header className={s.header}>
          <div className={s.bar}>
            <Brand />
            {pinned}
            <button
              ref={button}
              type="button"
              className={s.menuButton}
              aria-expanded={open}
              aria-controls="public-menu"
              aria-label="Menu"
              onClick={() => setOpen((o) => !o)}
            >
              {open ? <CloseIcon /> : <MenuIcon />}
            </button>
            {/* biome-ignore lint/a11y/noStaticElementInteractions: delegation; the links inside are the controls */}
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter too */}
            <div id="public-menu" className={s.collapsible} data-open={open} onClick={closeOnLink}>
              <nav aria-label="Main" className={s.nav}>
                {nav}
              </nav>
              <div className={s.actions}>{actions}</div>
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className={s.main}>
          {children}
        </main>
        <footer className={s.footer}>
          <div className={s.footerInner}>
            <p className={s.tagline}>
              <HouseLogo size={22} className={s.logo} />
              Doorstep — trusted home services at your doorstep
            </p>
            {footerLinks.length > 0 && (
              <nav aria-label="Footer">
                <ul className={s.footerLinks}>
                  {footerLinks.map((l) => (
                    <li key={`${l.to}:${l.label}`}>
                      <Link to={l.to as AnyTo}>{l.label}</Link>
                    </li>
                  ))}
                </ul>
              </nav>
            )}
            <p className={s.copyright}>© {new Date().getFullYear()} Doorstep</p>
          </div>
        </footer>
      </div>
    </Direction.Provider>
  );
}
