import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { subCategoryQuery } from '../../../api/catalogue';
import { buttonClassName, Card, EmptyState, LoadingPlaceholder, PageHeader } from '../../../ui';
import { LoadFailure } from '../../-components/Loaded';
import { ActiveBadge } from '../-components/ActiveBadge';
import * as s from '../-components/admin.css';
import { validateIdSearch } from '../-components/search';
import { SubCategoryForm } from './-components/SubCategoryForm';

export const Route = createFileRoute('/_admin/SubCategory/SubCategoryUpdate')({
  head: () => ({ meta: [{ title: 'Edit sub-category · Doorstep' }] }),
  validateSearch: validateIdSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) =>
    deps.id > 0 ? context.queryClient.ensureQueryData(subCategoryQuery(deps.id)).catch(() => null) : null,
  component: SubCategoryUpdate,
});

function SubCategoryUpdate() {
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  const query = useQuery(subCategoryQuery(id));
  if (query.isPending && id > 0) return <LoadingPlaceholder />;
  const sc = query.data;
  return (
    <div className={s.page}>
      <PageHeader
        title={sc ? `Change ${sc.subCategoryName}` : 'Change sub-category'}
        description={sc ? <ActiveBadge active={sc.active} /> : undefined}
        actions={
          <Link to="/SubCategory/SubCategoryList" className={buttonClassName({ variant: 'secondary' })}>
            Sub-category list
          </Link>
        }
      />
      <LoadFailure query={query} />
      {sc ? (
        <Card>
          <SubCategoryForm
            key={sc.id}
            subCategory={sc}
            onSaved={(saved) =>
              navigate({ to: '/SubCategory/SubCategoryList', search: { categoryId: saved.categoryId } })
            }
          />
        </Card>
      ) : query.error ? null : (
        <EmptyState title="Sub-category not found" description="Choose a sub-category from the list." />
      )}
    </div>
  );
}
