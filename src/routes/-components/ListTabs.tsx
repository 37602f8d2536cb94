// A page of lists, one a tab, the tab in the URL (`?tab=`, back to the first page of the list on a change): the
// product requests' and the candidates' pages. A page with one tab shows its list alone.
import { useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Tabs } from '../../ui';
import { useListFilter } from '../_admin/-components/useServerTable';

export interface ListTab {
  /** The tab's value in the URL. */
  action: string;
  label: string;
}

export function ListTabs<T extends ListTab>({
  label,
  tabs,
  list,
}: {
  /** The tab list's name. */
  label: string;
  tabs: T[];
  /** The list of a tab, drawn only for the tab shown. */
  list(tab: T): ReactNode;
}) {
  const search = useSearch({ strict: false }) as { tab?: string };
  const setFilter = useListFilter();
  const current = tabs.find((t) => t.action === search.tab) ?? tabs[0];
  return tabs.length === 1 ? (
    list(current)
  ) : (
    <Tabs
      label={label}
      value={current.action}
      onValueChange={(tab) => setFilter({ tab })}
      tabs={tabs.map((t) => ({ value: t.action, label: t.label, content: t === current ? list(t) : null }))}
    />
  );
}
