import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { categoryQuery } from '../../../api/catalogue';
import { buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { LoadFailure } from '../../-components/Loaded';
import { ActiveBadge } from '../-components/ActiveBadge';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';
import { CategoryForm } from './-components/CategoryForm';
import { CategoryZones } from './-components/CategoryZones';

export const Route = createFileRoute('/_admin/Category/CategoryUpdate')({
  head: () => ({ meta: [{ title: 'Edit category · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(categoryQuery(deps.id)).catch(() => null) : null,
  component: CategoryUpdate,
});

function CategoryUpdate() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const category = useQuery(categoryQuery(id));
  const back = (
    <Link to="/Category/CategoryList" className={buttonClassName({ variant: 'secondary' })}>
      Category list
    </Link>
  );

  if (category.isPending && id > 0) return <LoadingPlaceholder />;
  const c = category.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={c ? `Change ${c.categoryName}` : 'Change category'}
        description={c ? <ActiveBadge active={c.active} /> : undefined}
        actions={back}
      />
      <LoadFailure query={category} />
      {c ? (
        <>
          <Card title="Details">
            <CategoryForm key={c.id} category={c} onSaved={() => navigate({ to: '/Category/CategoryList' })} />
          </Card>
          <CategoryZones categoryId={c.id} categoryName={c.categoryName} />
        </>
      ) : category.error ? null : (
        <EmptyState title="Category not found" description="Choose a category from the category list." />
      )}
    </div>
  );
}
