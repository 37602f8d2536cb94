import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../-components/FormPage';
import { CategoryForm } from './-components/CategoryForm';

export const Route = createFileRoute('/_admin/Category/CategoryAdd')({
  head: () => ({ meta: [{ title: 'Add category · Doorstep' }] }),
  component: CategoryAdd,
});

function CategoryAdd() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add category"
      description="A top level of the catalogue, such as Plumbing, offered in the zones you pick."
      list={{ to: '/Category/CategoryList', label: 'Category list' }}
    >
      <CategoryForm onSaved={() => navigate({ to: '/Category/CategoryList' })} />
    </FormPage>
  );
}
