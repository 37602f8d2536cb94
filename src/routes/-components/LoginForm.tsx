import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { sendSession, signOut, useSession, waitForSignIn } from '../../api/session';
import { Alert, Button, Card } from '../../ui';
import { Form, FormActions, TextField } from '../../ui/form';
import { DASHBOARD, ROLE_NAME } from './roles';

interface Props {
  area: 'admin' | 'user';
  title: string;
  identifierLabel: string;
  redirectTo?: string;
}

export function LoginForm({ area, title, identifierLabel, redirectTo }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const busy = session.matches('signingIn');
  const user = session.matches('signedIn') ? session.context.user : null;

  if (user) {
    const rightArea = area === 'admin' ? user.Role === 'A' : user.Role !== 'A';
    return (
      <Card title={title} headingLevel={1}>
        <p>
          You are signed in as {user.FullName} ({ROLE_NAME[user.Role]}).
          {!rightArea && ' This page is for other accounts.'}
        </p>
        <FormActions>
          <Button variant="secondary" onClick={() => signOut()}>
            Sign out
          </Button>
          <Button onClick={() => navigate({ to: DASHBOARD[user.Role] })}>
            {user.Role === 'Cust' ? 'Go to the home page' : 'Go to my dashboard'}
          </Button>
        </FormActions>
      </Card>
    );
  }

  async function submit() {
    const errors: Record<string, string> = {};
    if (!identifier.trim()) errors.identifier = `Enter your ${identifierLabel.toLowerCase()}`;
    if (!password) errors.password = 'Enter your password';
    setMissing(errors);
    if (Object.keys(errors).length) return;
    sendSession({ type: 'LOGIN', credentials: { area, identifier: identifier.trim(), password } });
    try {
      const signedIn = await waitForSignIn();
      if (signedIn.MustChangePassword) navigate({ to: '/Dashboard/ChangPasswordForProfessional' });
      else navigate({ to: redirectTo ?? DASHBOARD[signedIn.Role] });
    } catch {
      // The machine keeps the error; it is shown below.
    }
  }

  return (
    <Card title={title} headingLevel={1}>
      {session.context.notice && <Alert tone="warning">{session.context.notice}</Alert>}
      {session.context.error && (
        <Alert tone="danger" title="Could not sign in">
          {session.context.error}
        </Alert>
      )}
      <Form onSubmit={submit} aria-label={title}>
        <TextField
          label={identifierLabel}
          name="identifier"
          autoComplete="username"
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          error={missing.identifier}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={missing.password}
          required
        />
        <FormActions>
          <Link to="/ForgotPassword">Forgot password?</Link>
          <Button type="submit" loading={busy}>
            Sign in
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
