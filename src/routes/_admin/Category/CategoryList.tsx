import { createFileRoute, Link } from '@tanstack/react-router';
import { type CategoryImportRow, categoriesQuery, importCategories } from '../../../api/catalogue';
import { buttonClassName, PageHeader } from '../../../ui';
import { DataTable } from '../../../ui/DataTable';
import * as s from '../-components/admin.css';
import { ImportButton } from '../-components/ImportButton';
import { tableStateOf, validateListSearch } from '../-components/listSearch';
import { useServerTable } from '../-components/useServerTable';
import { categoryColumns, categoryImportColumns } from './-components/columns';

export const Route = createFileRoute('/_admin/Category/CategoryList')({
  head: () => ({ meta: [{ title: 'Categories · Doorstep' }] }),
  validateSearch: validateListSearch,
  // The page the URL asks for is fetched while the route loads, with the query the table then reads.
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(categoriesQuery(tableStateOf(deps), 'all')),
  component: CategoryList,
});

function CategoryList() {
  const table = useServerTable((state) => categoriesQuery(state, 'all'));
  return (
    <div className={s.page}>
      <PageHeader
        title="Categories"
        description="Every category, active or not. Switched-off categories are hidden from customers."
        actions={
          <Link to="/Category/CategoryAdd" className={buttonClassName()}>
            Add category
          </Link>
        }
      />
      <DataTable
        {...table}
        caption="Categories"
        columns={categoryColumns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search categories…"
        toolbar={
          <ImportButton
            title="Import categories"
            columns={categoryImportColumns}
            templateFileName="categories-template.csv"
            importer={(rows) => importCategories(rows as CategoryImportRow[])}
            operation="importCategories"
          />
        }
      />
    </div>
  );
}
