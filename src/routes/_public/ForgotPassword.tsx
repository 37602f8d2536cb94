import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPassword, sendOtp } from '../../api/auth';
import { ApiError } from '../../api/client';
import type { RoleCode } from '../../api/session';
import { Alert, Button, Card, toast } from '../../ui';
import {
  checkNewPassword,
  Form,
  FormActions,
  FormErrorSummary,
  NewPasswordFields,
  SelectField,
  TextField,
  useForm,
} from '../../ui/form';
import { Narrow } from '../-components/Narrow';
import { ROLE_NAME } from '../-components/roles';

export const Route = createFileRoute('/_public/ForgotPassword')({
  head: () => ({ meta: [{ title: 'Forgot password · Doorstep' }] }),
  component: ForgotPassword,
});

const ROLE_OPTIONS = (Object.keys(ROLE_NAME) as RoleCode[])
  .sort((a) => (a === 'Cust' ? -1 : 0))
  .map((code) => ({ value: code, label: ROLE_NAME[code] }));

function ForgotPassword() {
  const form = useForm({ Role: 'Cust', Phone: '', Otp: '', NewPass: '', confirm: '' });
  const [step, setStep] = useState<'ask' | 'reset' | 'done'>('ask');
  const [busy, setBusy] = useState(false);
  const [sentMessage, setSentMessage] = useState('');
  const v = form.values;

  async function run(fn: () => Promise<void>) {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) form.setServerErrors(e.errors);
      else toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const ask = () =>
    run(async () => {
      if (!v.Phone.trim()) return form.setErrors({ Phone: 'Enter your mobile number or e-mail' });
      form.setErrors({});
      const reply = await sendOtp(v.Role as RoleCode, v.Phone.trim());
      setSentMessage(reply.message);
      setStep('reset');
    });

  const reset = () =>
    run(async () => {
      const e: Record<string, string> = {};
      if (!/^\d{6}$/.test(v.Otp)) e.Otp = 'Enter the 6-digit code';
      checkNewPassword(e, 'NewPass', v.NewPass, v.confirm);
      form.setErrors(e);
      if (Object.keys(e).length) return;
      await resetPassword({ Role: v.Role as RoleCode, Phone: v.Phone.trim(), Otp: v.Otp, NewPass: v.NewPass });
      setStep('done');
    });

  if (step === 'done') {
    return (
      <Narrow>
        <Card title="Password changed" headingLevel={1}>
          <p>Your password has been changed. Please sign in with the new password.</p>
          <Link to={v.Role === 'A' ? '/Admin' : '/Auth'}>Sign in</Link>
        </Card>
      </Narrow>
    );
  }

  return (
    <Narrow>
      <Card title="Forgot password" headingLevel={1}>
        {step === 'ask' ? (
          <Form onSubmit={ask} aria-label="Ask for a code">
            <FormErrorSummary errors={form.errors} />
            <SelectField
              label="I am a"
              name="Role"
              options={ROLE_OPTIONS}
              value={v.Role}
              onChange={(e) => form.set('Role', e.target.value)}
            />
            <TextField
              label="Mobile number or e-mail"
              name="Phone"
              autoComplete="username"
              value={v.Phone}
              onChange={(e) => form.set('Phone', e.target.value)}
              error={form.errors.Phone}
              required
            />
            <FormActions>
              <Button type="submit" loading={busy}>
                Send code
              </Button>
            </FormActions>
          </Form>
        ) : (
          <Form onSubmit={reset} aria-label="Reset password">
            <Alert tone="info">{sentMessage}</Alert>
            <FormErrorSummary errors={form.errors} />
            <TextField
              label="6-digit code"
              name="Otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={v.Otp}
              onChange={(e) => form.set('Otp', e.target.value.replace(/\D/g, ''))}
              error={form.errors.Otp}
              required
            />
            <NewPasswordFields form={form} field="NewPass" label="New password" />
            <FormActions>
              <Button type="button" variant="ghost" onClick={() => setStep('ask')}>
                Send a new code
              </Button>
              <Button type="submit" loading={busy}>
                Change password
              </Button>
            </FormActions>
          </Form>
        )}
      </Card>
    </Narrow>
  );
}
