import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { buttonClassName, Card, PageHeader } from '../../../ui';
import * as s from '../-components/admin.css';
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
    <div className={s.page}>
      <PageHeader
        title="Add sub-category"
        description="A group of services inside a category, such as Tap repair in Plumbing."
        actions={
          <Link to="/SubCategory/SubCategoryList" className={buttonClassName({ variant: 'secondary' })}>
            Sub-category list
          </Link>
        }
      />
      <Card>
        <SubCategoryForm
          categoryId={categoryId}
          onSaved={(sc) => navigate({ to: '/SubCategory/SubCategoryList', search: { categoryId: sc.categoryId } })}
        />
      </Card>
    </div>
  );
}
