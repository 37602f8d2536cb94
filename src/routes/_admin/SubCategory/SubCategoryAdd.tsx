import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../-components/FormPage';
import { positiveId } from '../-components/search';
import { SubCategoryForm } from './-components/SubCategoryForm';

export const Route = createFileRoute('/_admin/SubCategory/SubCategoryAdd')({
  head: () => ({ meta: [{ title: 'Add sub-category · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): { categoryId?: number } => ({
    categoryId: positiveId(search.categoryId),
  }),
  component: SubCategoryAdd,
});

function SubCategoryAdd() {
  const { categoryId } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add sub-category"
      description="A group of services inside a category, such as Tap repair in Plumbing."
      list={{ to: '/SubCategory/SubCategoryList', label: 'Sub-category list' }}
    >
      <SubCategoryForm
        categoryId={categoryId}
        onSaved={(sc) => navigate({ to: '/SubCategory/SubCategoryList', search: { categoryId: sc.categoryId } })}
      />
    </FormPage>
  );
}
