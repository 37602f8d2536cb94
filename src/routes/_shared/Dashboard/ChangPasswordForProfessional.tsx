import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { changePassword, meQuery } from '../../../api/auth';
import { ApiError } from '../../../api/client';
import { useSession } from '../../../api/session';
import { Alert, Button, Card, PageHeader, toast } from '../../../ui';
import {
  checkNewPassword,
  Form,
  FormActions,
  FormErrorSummary,
  NewPasswordFields,
  TextField,
  useForm,
} from '../../../ui/form';
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
  const form = useForm({ OldPassword: '', NewPassword: '', confirm: '' });
  const [busy, setBusy] = useState(false);
  const v = form.values;
  if (!user) return null;

  async function submit() {
    const e: Record<string, string> = {};
    if (!v.OldPassword) e.OldPassword = 'Enter your current password';
    checkNewPassword(e, 'NewPassword', v.NewPassword, v.confirm);
    form.setErrors(e);
    if (Object.keys(e).length || !user) return;
    setBusy(true);
    try {
      const reply = await changePassword({
        Role: user.Role,
        Phone: user.MobileNo,
        OldPassword: v.OldPassword,
        NewPassword: v.NewPassword,
      });
      toast.success(reply.message);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: meQuery().queryKey });
      if (forced) navigate({ to: DASHBOARD[user.Role] });
    } catch (err) {
      if (err instanceof ApiError && err.errors.length) form.setServerErrors(err.errors);
      else toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader title="Change password" description="Other devices signed in to your account will be signed out." />
      {forced && <Alert tone="warning">Your password was set for you. Choose your own password to continue.</Alert>}
      <Card>
        <Form onSubmit={submit} aria-label="Change password">
          <FormErrorSummary errors={form.errors} />
          <TextField
            label="Current password"
            name="OldPassword"
            type="password"
            autoComplete="current-password"
            value={v.OldPassword}
            onChange={(e) => form.set('OldPassword', e.target.value)}
            error={form.errors.OldPassword}
            required
          />
          <NewPasswordFields form={form} field="NewPassword" label="New password" />
          <FormActions>
            <Button type="submit" loading={busy}>
              Change password
            </Button>
          </FormActions>
        </Form>
      </Card>
    </>
  );
}
