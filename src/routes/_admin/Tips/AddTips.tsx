import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormPage } from '../-components/FormPage';
import { TipForm } from './-components/TipForm';

export const Route = createFileRoute('/_admin/Tips/AddTips')({
  head: () => ({ meta: [{ title: 'Add tip · Doorstep' }] }),
  component: AddTips,
});

function AddTips() {
  const navigate = useNavigate();
  return (
    <FormPage
      title="Add tip"
      description="An amount customers may add for the professional at checkout. It is held for the professional and paid with the salary."
      list={{ to: '/Tips/TipsList', label: 'Tips list' }}
    >
      <TipForm onSaved={() => navigate({ to: '/Tips/TipsList' })} />
    </FormPage>
  );
}
