import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { importSubCategories, type SubCategoryImportRow, subCategoriesQuery } from '../../../api/catalogue';
import { buttonClassName, PageHeader } from '../../../ui';
import { DataTable } from '../../../ui/DataTable';
import * as s from '../-components/admin.css';
import { FilterSelect } from '../-components/FilterSelect';
import { ImportButton } from '../-components/ImportButton';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { useCategoryPicker } from '../-components/pickers';
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
  const categories = useCategoryPicker(categoryId ? String(categoryId) : '');
  const table = useServerTable((state) => subCategoriesQuery({ ...state, categoryId }, 'all'));

  function filter(value: string) {
    table.onStateChange((st) => ({ ...st, page: 1 }));
    navigate({ search: { categoryId: positiveId(value) }, replace: true });
  }

  return (
    <div className={s.page}>
      <PageHeader
        title="Sub-categories"
        description="Every sub-category, active or not. Switched-off ones are hidden from customers."
        actions={
          <Link to="/SubCategory/SubCategoryAdd" search={{ categoryId }} className={buttonClassName()}>
            Add sub-category
          </Link>
        }
      />
      <DataTable
        {...table}
        caption="Sub-categories"
        columns={subCategoryColumns}
        rowKey={(c) => c.id}
        searchPlaceholder="Search sub-categories…"
        emptyMessage={categoryId && !table.state.search ? 'This category has no sub-categories yet.' : undefined}
        toolbar={
          <div className={s.filters}>
            <FilterSelect
              label="Category"
              allLabel="All categories"
              value={categoryId ? String(categoryId) : ''}
              onChange={filter}
              options={categories.options}
              search={categories.search}
            />
            <ImportButton
              title="Import sub-categories"
              columns={subCategoryImportColumns}
              templateFileName="sub-categories-template.csv"
              importer={(rows) => importSubCategories(rows as SubCategoryImportRow[])}
              operation="importSubCategories"
            />
          </div>
        }
      />
    </div>
  );
}
