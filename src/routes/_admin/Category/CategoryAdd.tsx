import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { buttonClassName, Card, PageHeader } from '../../../ui';
import * as s from '../-components/admin.css';
import { CategoryForm } from './-components/CategoryForm';

export const Route = createFileRoute('/_admin/Category/CategoryAdd')({
  head: () => ({ meta: [{ title: 'Add category · Doorstep' }] }),
  component: CategoryAdd,
});

function CategoryAdd() {
  const navigate = useNavigate();
  return (
    <div className={s.page}>
      <PageHeader
        title="Add category"
        description="A top level of the catalogue, such as Plumbing, offered in the zones you pick."
        actions={
          <Link to="/Category/CategoryList" className={buttonClassName({ variant: 'secondary' })}>
            Category list
          </Link>
        }
      />
      <Card>
        <CategoryForm onSaved={() => navigate({ to: '/Category/CategoryList' })} />
      </Card>
    </div>
  );
}
