import { createFileRoute } from '@tanstack/react-router';
import { categoriesQuery, importCategories } from '../../../api/catalogue';
import { DataTable } from '../../../ui/DataTable';
import { ImportButton } from '../-components/ImportButton';
import { tableStateOf, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
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
    <StaffPage
      title="Categories"
      description="Every category, active or not. Switched-off categories are hidden from customers."
      add={{ to: '/Category/CategoryAdd', label: 'Add category' }}
    >
      <DataTable
        {...table}
        caption="Categories"
        columns={categoryColumns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search categories…"
        toolbar={
          <ImportButton
            things="categories"
            columns={categoryImportColumns}
            importer={importCategories}
            operation="importCategories"
          />
        }
      />
    </StaffPage>
  );
}
