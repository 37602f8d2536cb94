import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../-components/FormPage';
import { positiveId } from '../-components/search';
import { ServiceForm } from './-components/ServiceForm';

export const Route = createFileRoute('/_admin/Services/ServicesAdd')({
  head: () => ({ meta: [{ title: 'Add service · Doorstep' }] }),
  validateSearch: (search: Record<string, unknown>): { categoryId?: number; subCategoryId?: number } => ({
    categoryId: positiveId(search.categoryId),
    subCategoryId: positiveId(search.subCategoryId),
  }),
  component: ServicesAdd,
});

function ServicesAdd() {
  const { categoryId, subCategoryId } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add service"
      description="After saving you can add pictures, videos and YouTube links, and see the final price."
      list={{ to: '/Services/ServicesList', label: 'Service list' }}
    >
      <ServiceForm
        categoryId={categoryId}
        subCategoryId={subCategoryId}
        onSaved={(sv) => navigate({ to: '/Services/ServicesUpdate', search: { id: sv.id } })}
      />
    </FormPage>
  );
}
