import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { importServices, servicesQuery, subCategoriesOfCategoryQuery } from '../../../api/catalogue';
import { DataTable } from '../../../ui/DataTable';
import * as s from '../-components/admin.css';
import { CategoryFilter } from '../-components/CategoryFilter';
import { FilterSelect } from '../-components/FilterSelect';
import { ImportButton } from '../-components/ImportButton';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { StaffPage } from '../-components/StaffPage';
import { positiveId } from '../-components/search';
import { useServerTable } from '../-components/useServerTable';
import { serviceColumns, serviceImportColumns } from './-components/columns';

export const Route = createFileRoute('/_admin/Services/ServicesList')({
  head: () => ({ meta: [{ title: 'Services · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): ListSearch & { categoryId?: number; subCategoryId?: number } => ({
    ...validateListSearch(search),
    categoryId: positiveId(search.categoryId),
    subCategoryId: positiveId(search.subCategoryId),
  }),
  component: ServicesList,
});

function ServicesList() {
  const { categoryId, subCategoryId } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const subCategories = useQuery(subCategoriesOfCategoryQuery(categoryId ?? 0));
  const table = useServerTable((state) => servicesQuery({ ...state, categoryId, subCategoryId }, 'all'));

  function filter(next: { categoryId?: number; subCategoryId?: number }) {
    table.onStateChange((st) => ({ ...st, page: 1 }));
    navigate({ search: next, replace: true });
  }

  return (
    <StaffPage
      title="Services"
      description="Every service, active or not. Prices are as the server computes them: discount first, then GST."
      add={{ to: '/Services/ServicesAdd', search: { categoryId, subCategoryId }, label: 'Add service' }}
    >
      <DataTable
        {...table}
        caption="Services"
        columns={serviceColumns}
        rowKey={(sv) => sv.id}
        searchPlaceholder="Search services…"
        toolbar={
          <div className={s.filters}>
            <CategoryFilter value={categoryId} onChange={(id) => filter({ categoryId: id })} />
            <FilterSelect
              label="Sub-category"
              allLabel={categoryId ? 'All sub-categories' : 'Choose a category first'}
              disabled={!categoryId}
              value={subCategoryId ? String(subCategoryId) : ''}
              onChange={(value) => filter({ categoryId, subCategoryId: positiveId(value) })}
              options={(subCategories.data ?? []).map((sc) => ({ value: String(sc.id), label: sc.subCategoryName }))}
            />
            <ImportButton
              things="services"
              columns={serviceImportColumns}
              importer={importServices}
              operation="importServices"
            />
          </div>
        }
      />
    </StaffPage>
  );
}
