import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPassword, sendOtp } from '../../api/auth';
import type { RoleCode } from '../../api/session';
import { Alert, Button, Card } from '../../ui';
import { confirmMismatch, NewPasswordFields, SelectField, TextField } from '../../ui/form';
import { OperationForm, useOperationForm } from '../-components/form';
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
  const [step, setStep] = useState<'ask' | 'reset' | 'done'>('ask');
  const [sentMessage, setSentMessage] = useState('');
  const ask = useOperationForm({
    operation: 'sendOtp',
    initial: { Role: 'Cust' as RoleCode, Phone: '' },
    labels: { Role: 'I am a', Phone: 'Mobile number or e-mail' },
    toBody: (v) => ({ Role: v.Role, Phone: v.Phone.trim() }),
    send: (body) => sendOtp(body.Role, body.Phone),
    savedMessage: false, // the next step shows the server's message
    onSaved: (reply) => {
      setSentMessage(reply.message);
      setStep('reset');
    },
  });
  const reset = useOperationForm({
    operation: 'forgotPassword',
    initial: { Otp: '', NewPass: '', confirm: '' },
    labels: { Otp: '6-digit code', NewPass: 'New password', confirm: 'Confirm new password' },
    precheck: (v) => confirmMismatch(v.NewPass, v.confirm),
    toBody: (v) => ({ Role: ask.values.Role, Phone: ask.values.Phone.trim(), Otp: v.Otp, NewPass: v.NewPass }),
    send: resetPassword,
    savedMessage: false, // the last step says so
    onSaved: () => setStep('done'),
  });

  if (step === 'done') {
    return (
      <Narrow>
        <Card title="Password changed" headingLevel={1}>
          <p>Your password has been changed. Please sign in with the new password.</p>
          <Link to={ask.values.Role === 'A' ? '/Admin' : '/Auth'}>Sign in</Link>
        </Card>
      </Narrow>
    );
  }

  return (
    <Narrow>
      <Card title="Forgot password" headingLevel={1}>
        {step === 'ask' ? (
          <OperationForm form={ask} label="Ask for a code" submitLabel="Send code">
            <SelectField
              {...ask.field('Role')}
              options={ROLE_OPTIONS}
              value={ask.values.Role}
              onChange={(e) => ask.set('Role', e.target.value as RoleCode)}
            />
            <TextField {...ask.text('Phone')} autoComplete="username" />
          </OperationForm>
        ) : (
          <OperationForm
            form={reset}
            label="Reset password"
            submitLabel="Change password"
            secondaryAction={
              <Button type="button" variant="ghost" onClick={() => setStep('ask')}>
                Send a new code
              </Button>
            }
          >
            <Alert tone="info">{sentMessage}</Alert>
            <TextField
              {...reset.text('Otp')}
              inputMode="numeric"
              autoComplete="one-time-code"
              onChange={(e) => reset.set('Otp', e.target.value.replace(/\D/g, ''))}
            />
            <NewPasswordFields form={reset} field="NewPass" label="New password" />
          </OperationForm>
        )}
      </Card>
    </Narrow>
  );
}
