import type { ReactNode } from 'react';
import type { DispatchLine, DispatchList } from '../../../../api/dispatch';
import { Alert, PageHeader } from '../../../../ui';
import { type Column, DataTable } from '../../../../ui/DataTable';
import type { DispatchSearch } from '../../../-components/dispatch/dispatchSearch';
import * as s from '../../-components/admin.css';
import { DispatchFilters } from './DispatchFilters';
import { useDispatchTable } from './useDispatchTable';

export interface DispatchListPageProps {
  list: DispatchList;
  search: DispatchSearch;
  title: string;
  description: string;
  columns: Column<DispatchLine>[];
  /** The row's actions (an 'actions' column, which stays in view on a phone). */
  actions(line: DispatchLine): ReactNode;
  emptyMessage: string;
  fileName: string;
}

/** One of the four dispatch lists: filters and search in the URL, keyset pages, the CSV export. */
export function DispatchListPage(p: DispatchListPageProps) {
  const { table, filters, setFilters, totalCapped } = useDispatchTable(p.list, p.search);
  const filtered = Boolean(
    filters.search || filters.zoneId || filters.categoryId || filters.professionalId || filters.from || filters.to,
  );
  return (
    <div className={s.page}>
      <PageHeader title={p.title} description={p.description} />
      {totalCapped ? (
        <Alert tone="info">More than {table.total.toLocaleString('en-IN')} lines match: narrow the filters.</Alert>
      ) : null}
      <DataTable
        {...table}
        caption={p.title}
        columns={[
          ...p.columns,
          {
            key: 'actions',
            header: 'Actions',
            align: 'end',
            render: (l) => <div className={s.rowActions}>{p.actions(l)}</div>,
          },
        ]}
        rowKey={(l) => l.lineId}
        searchPlaceholder="Order id, mobile number, service or name…"
        emptyMessage={filtered || filters.state ? 'No line matches these filters.' : p.emptyMessage}
        toolbar={
          <DispatchFilters
            list={p.list}
            search={p.search}
            filters={filters}
            onChange={setFilters}
            rows={table.rows}
            fileName={p.fileName}
          />
        }
      />
    </div>
  );
}
