import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import * as s from './AppShell.css';
import { ChevronDownIcon } from './icons';

export interface MenuItem {
  label: string;
  to: string;
}

/** A section with `to` is a single link; one with `items` is a collapsible group. */
export interface MenuSection {
  label: string;
  to?: string;
  items?: MenuItem[];
}

// Menu paths come from data (strings), not from the typed route tree, so they go through this alias.
export type AnyTo = Parameters<typeof Link>[0]['to'];
export const asTo = (to: string) => to as AnyTo;
export const ACTIVE_OPTIONS = { includeSearch: false } as const;

/** Two letters that stand in for an icon: "Sub Category" → "SC", "Dashboard" → "Da". */
export function abbreviation(label: string): string {
  const words = label.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]!.charAt(0) + words[1]!.charAt(0)).toUpperCase();
  const w = words[0] ?? '?';
  return w.charAt(0).toUpperCase() + w.charAt(1).toLowerCase();
}

/** Whether `path` is `to` or below it (paths are case-insensitive here, like the spec's URLs). */
export function isInside(path: string, to: string): boolean {
  const p = path.toLowerCase();
  const t = to.toLowerCase();
  return p === t || p.startsWith(`${t}/`);
}

function MenuGroup({ section, path, onNavigate }: { section: MenuSection; path: string; onNavigate?(): void }) {
  const items = section.items ?? [];
  const active = items.some((i) => isInside(path, i.to));
  const [open, setOpen] = useState(active);
  const listId = useId();
  // Arriving at a page of this group (from elsewhere) opens it; closing stays the user's choice.
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);
  return (
    <li>
      <button
        type="button"
        className={s.link}
        aria-expanded={open}
        aria-controls={listId}
        data-active={active || undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={s.initials} aria-hidden="true">
          {abbreviation(section.label)}
        </span>
        <span className={s.label}>{section.label}</span>
        <ChevronDownIcon size={16} className={s.chevron} />
      </button>
      <ul id={listId} className={s.subList} hidden={!open}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={asTo(item.to)} className={s.subLink} activeOptions={ACTIVE_OPTIONS} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export interface SideMenuProps {
  menu: MenuSection[] | null;
  path: string;
  /** Called when a link is chosen (the drawer closes itself with it). */
  onNavigate?(): void;
}

/** The vertical menu, used by the sidebar and the drawer. null shows "User Not Login" instead. */
export function SideMenu({ menu, path, onNavigate }: SideMenuProps) {
  return (
    <nav aria-label="Main menu" className={s.nav}>
      {menu === null ? (
        <p className={s.notLoggedIn}>User Not Login</p>
      ) : (
        <ul className={s.menuList}>
          {menu.map((section) =>
            section.items ? (
              <MenuGroup key={section.label} section={section} path={path} onNavigate={onNavigate} />
            ) : (
              <li key={section.label}>
                <Link
                  to={asTo(section.to ?? '/')}
                  className={s.link}
                  activeOptions={ACTIVE_OPTIONS}
                  onClick={onNavigate}
                >
                  <span className={s.initials} aria-hidden="true">
                    {abbreviation(section.label)}
                  </span>
                  <span className={s.label}>{section.label}</span>
                </Link>
              </li>
            ),
          )}
        </ul>
      )}
    </nav>
  );
}
