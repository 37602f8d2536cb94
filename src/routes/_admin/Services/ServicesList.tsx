import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import {
  importServices,
  type ServiceImportRow,
  servicesQuery,
  subCategoriesOfCategoryQuery,
} from '../../../api/catalogue';
import { buttonClassName, PageHeader } from '../../../ui';
import { DataTable } from '../../../ui/DataTable';
import * as s from '../-components/admin.css';
import { FilterSelect } from '../-components/FilterSelect';
import { ImportButton } from '../-components/ImportButton';
import { type ListSearch, validateListSearch } from '../-components/listSearch';
import { useCategoryPicker } from '../-components/pickers';
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
  const categories = useCategoryPicker(categoryId ? String(categoryId) : '');
  const subCategories = useQuery(subCategoriesOfCategoryQuery(categoryId ?? 0));
  const table = useServerTable((state) => servicesQuery({ ...state, categoryId, subCategoryId }, 'all'));

  function filter(next: { categoryId?: number; subCategoryId?: number }) {
    table.onStateChange((st) => ({ ...st, page: 1 }));
    navigate({ search: next, replace: true });
  }

  return (
    <div className={s.page}>
      <PageHeader
        title="Services"
        description="Every service, active or not. Prices are as the server computes them: discount first, then GST."
        actions={
          <Link to="/Services/ServicesAdd" search={{ categoryId, subCategoryId }} className={buttonClassName()}>
            Add service
          </Link>
        }
      />
      <DataTable
        {...table}
        caption="Services"
        columns={serviceColumns}
        rowKey={(sv) => sv.id}
        searchPlaceholder="Search services…"
        toolbar={
          <div className={s.filters}>
            <FilterSelect
              label="Category"
              allLabel="All categories"
              value={categoryId ? String(categoryId) : ''}
              onChange={(value) => filter({ categoryId: positiveId(value) })}
              options={categories.options}
              search={categories.search}
            />
            <FilterSelect
              label="Sub-category"
              allLabel={categoryId ? 'All sub-categories' : 'Choose a category first'}
              disabled={!categoryId}
              value={subCategoryId ? String(subCategoryId) : ''}
              onChange={(value) => filter({ categoryId, subCategoryId: positiveId(value) })}
              options={(subCategories.data ?? []).map((sc) => ({ value: String(sc.id), label: sc.subCategoryName }))}
            />
            <ImportButton
              title="Import services"
              columns={serviceImportColumns}
              templateFileName="services-template.csv"
              importer={(rows) => importServices(rows as ServiceImportRow[])}
              operation="importServices"
            />
          </div>
        }
      />
    </div>
  );
}
