import { Tabs as RadixTabs } from 'radix-ui';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import * as s from './Tabs.css';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Names the tab list for screen readers. */
  label: string;
  value?: string;
  defaultValue?: string;
  onValueChange?(value: string): void;
}

/** Thin radix Tabs wrapper (arrow keys move between tabs; direction follows the document). */
export function Tabs({ tabs, label, value, defaultValue, onValueChange }: TabsProps) {
  const list = useRef<HTMLDivElement>(null);
  // On a phone the strip scrolls sideways: the chosen tab is kept in view, also on a page opened on a later tab (a
  // link to ?tab=referrals). Scrolled by hand rather than scrollIntoView, which could also scroll the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen tab changes
  useLayoutEffect(() => {
    const show = () => {
      const strip = list.current;
      const active = strip?.querySelector<HTMLElement>('[data-state="active"]');
      if (!strip || !active) return;
      const outer = strip.getBoundingClientRect();
      const inner = active.getBoundingClientRect();
      if (inner.left < outer.left) strip.scrollBy({ left: inner.left - outer.left });
      else if (inner.right > outer.right) strip.scrollBy({ left: inner.right - outer.right });
    };
    show();
    // When the tab is in the URL, the router's scroll restoration (src/main.tsx) then puts the strip back where it was
    // on the previous location, which may hide the tab: look again once it has.
    const frame = requestAnimationFrame(show);
    return () => cancelAnimationFrame(frame);
  }, [value]);
  return (
    <RadixTabs.Root
      className={s.root}
      value={value}
      defaultValue={defaultValue ?? tabs[0]?.value}
      onValueChange={onValueChange}
    >
      <RadixTabs.List ref={list} className={s.list} aria-label={label}>
        {tabs.map((t) => (
          <RadixTabs.Trigger key={t.value} value={t.value} disabled={t.disabled} className={s.trigger}>
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className={s.panel}>
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
