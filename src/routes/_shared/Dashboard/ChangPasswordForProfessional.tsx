import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { changePassword, meQuery } from '../../../api/auth';
import { type RoleCode, useSession } from '../../../api/session';
import { Alert, Card, PageHeader } from '../../../ui';
import { confirmMismatch, NewPasswordFields, TextField } from '../../../ui/form';
import { OperationForm, useOperationForm } from '../../-components/form';
import { DASHBOARD } from '../../-components/roles';

export const Route = createFileRoute('/_shared/Dashboard/ChangPasswordForProfessional')({
  head: () => ({ meta: [{ title: 'Change password · Doorstep' }] }),
  component: ChangePassword,
});

function ChangePassword() {
  const user = useSession().context.user;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const forced = useQuery(meQuery()).data?.MustChangePassword ?? false;
  const form = useOperationForm({
    operation: 'changePassword',
    initial: { OldPassword: '', NewPassword: '', confirm: '' },
    labels: { OldPassword: 'Current password', NewPassword: 'New password', confirm: 'Confirm new password' },
    precheck: (v) => confirmMismatch(v.NewPassword, v.confirm),
    toBody: (v) => ({
      Role: user?.Role as RoleCode,
      Phone: user?.MobileNo ?? '',
      OldPassword: v.OldPassword,
      NewPassword: v.NewPassword,
    }),
    send: changePassword,
    onSaved: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
      if (forced && user) navigate({ to: DASHBOARD[user.Role] });
    },
  });
  if (!user) return null;

  return (
    <>
      <PageHeader title="Change password" description="Other devices signed in to your account will be signed out." />
      {forced && <Alert tone="warning">Your password was set for you. Choose your own password to continue.</Alert>}
      <Card>
        <OperationForm form={form} label="Change password" submitLabel="Change password">
          <TextField {...form.text('OldPassword')} type="password" autoComplete="current-password" />
          <NewPasswordFields form={form} field="NewPassword" label="New password" />
        </OperationForm>
      </Card>
    </>
  );
}
