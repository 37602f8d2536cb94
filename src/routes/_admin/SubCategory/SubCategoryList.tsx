import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { importSubCategories, subCategoriesQuery } from '../../../api/catalogue';
import { DataTable } from '../../../ui/DataTable';
import * as s from '../-components/admin.css';
import { CategoryFilter } from '../-components/CategoryFilter';
import { ImportButton } from '../-components/ImportButton';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { positiveId } from '../-components/search';
import { useServerTable } from '../-components/useServerTable';
import { subCategoryColumns, subCategoryImportColumns } from './-components/columns';

export const Route = createFileRoute('/_admin/SubCategory/SubCategoryList')({
  head: () => ({ meta: [{ title: 'Sub-categories · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): ListSearch & { categoryId?: number } => ({
    ...validateListSearch(search),
    categoryId: positiveId(search.categoryId),
  }),
  component: SubCategoryList,
});

function SubCategoryList() {
  const { categoryId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const table = useServerTable((state) => subCategoriesQuery({ ...state, categoryId }, 'all'));

  function filter(id: number | undefined) {
    table.onStateChange((st) => ({ ...st, page: 1 }));
    navigate({ search: { categoryId: id }, replace: true });
  }

  return (
    <StaffPage
      title="Sub-categories"
      description="Every sub-category, active or not. Switched-off ones are hidden from customers."
      add={{ to: '/SubCategory/SubCategoryAdd', search: { categoryId }, label: 'Add sub-category' }}
    >
      <DataTable
        {...table}
        caption="Sub-categories"
        columns={subCategoryColumns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search sub-categories…"
        emptyMessage={categoryId && !table.state.search ? 'This category has no sub-categories yet.' : undefined}
        toolbar={
          <div className={s.filters}>
            <CategoryFilter value={categoryId} onChange={filter} />
            <ImportButton
              things="sub-categories"
              columns={subCategoryImportColumns}
              importer={importSubCategories}
              operation="importSubCategories"
            />
          </div>
        }
      />
    </StaffPage>
  );
}
