import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { citiesQuery, statesQuery, zonesOfCityQuery } from '../../api/geo';
import { sessionUser, signUp } from '../../api/session';
import { Card } from '../../ui';
import { confirmMismatch, NewPasswordFields, SelectField, TextField } from '../../ui/form';
import { OperationForm, useOperationForm } from '../-components/form';
import { Narrow } from '../-components/Narrow';
import { validateRedirect } from '../-components/roles';

export const Route = createFileRoute('/_public/SignUp')({
  head: () => ({ meta: [{ title: 'Create an account · Doorstep' }] }),
  // A shared referral link (/SignUp?ref=CODE) fills in the referral code; `redirect` is where the visitor was going
  // (the cart, through the sign-in page), where the new customer goes on to, signed in (decision 043).
  validateSearch: (raw: Record<string, unknown>): { ref?: string; redirect?: string } => ({
    ...(typeof raw.ref === 'string' && /^[A-Za-z0-9]{1,12}$/.test(raw.ref) ? { ref: raw.ref } : {}),
    ...validateRedirect(raw),
  }),
  component: SignUp,
});

function SignUp() {
  const navigate = useNavigate();
  const { ref, redirect } = Route.useSearch();
  const form = useOperationForm({
    operation: 'customerSignup',
    initial: {
      fullName: '',
      mobileNo: '',
      email: '',
      stateId: '',
      city: '',
      pinCode: '',
      zoneId: '',
      referral: ref ?? '',
      password: '',
      confirm: '',
    },
    labels: {
      fullName: 'Full name',
      mobileNo: 'Mobile number',
      email: 'E-mail',
      stateId: 'State',
      city: 'City',
      pinCode: 'Pincode',
      zoneId: 'Area (zone)',
      referral: 'Referral code',
      password: 'Password',
      confirm: 'Confirm password',
    },
    choices: ['stateId', 'city', 'zoneId'],
    precheck: (v) => confirmMismatch(v.password, v.confirm),
    toBody: (v) => ({
      fullName: v.fullName.trim(),
      mobileNo: v.mobileNo,
      email: v.email.trim(),
      city: v.city,
      pinCode: v.pinCode,
      password: v.password,
      ...(v.referral.trim() ? { referral: v.referral.trim() } : {}),
      zoneId: v.zoneId ? Number(v.zoneId) : null,
    }),
    send: signUp,
    savedMessage: 'Your account is ready, and you are signed in.',
    onSaved: (reply) => {
      const to = redirect ?? '/';
      // Signed in as someone else until now: the next page loads afresh as the new customer.
      if (sessionUser()?.Id === reply.data.Id) navigate({ to });
      else window.location.assign(to);
    },
  });
  const v = form.values;
  const states = useQuery(statesQuery());
  const cities = useQuery(citiesQuery(Number(v.stateId) || 0));
  const cityId = cities.data?.find((c) => c.name === v.city)?.id ?? 0;
  const zones = useQuery(zonesOfCityQuery(Number(v.stateId) || 0, cityId));

  return (
    <Narrow>
      <Card title="Create your Doorstep account" headingLevel={1}>
        <OperationForm
          form={form}
          label="Sign up"
          submitLabel="Sign up"
          secondaryAction={
            <Link to="/Auth" search={{ redirect }}>
              I already have an account
            </Link>
          }
        >
          <TextField {...form.text('fullName')} autoComplete="name" />
          <TextField
            {...form.text('mobileNo')}
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            onChange={(e) => form.set('mobileNo', e.target.value.replace(/\D/g, ''))}
          />
          <TextField {...form.text('email')} type="email" autoComplete="email" />
          <SelectField
            label="State"
            name="stateId"
            placeholder="Choose your state"
            options={(states.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={v.stateId}
            onChange={(e) => {
              form.set('stateId', e.target.value);
              form.set('city', '');
              form.set('zoneId', '');
            }}
          />
          <SelectField
            label="City"
            name="city"
            placeholder={v.stateId ? 'Choose your city' : 'Choose a state first'}
            options={(cities.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
            value={v.city}
            onChange={(e) => {
              form.set('city', e.target.value);
              form.set('zoneId', '');
            }}
            error={form.errors.city}
            required
          />
          <TextField
            {...form.text('pinCode')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            onChange={(e) => form.set('pinCode', e.target.value.replace(/\D/g, ''))}
          />
          <SelectField
            label="Area (zone)"
            name="zoneId"
            hint="Leave it to us and we find the area from your pincode."
            placeholder="Find it from my pincode"
            options={(zones.data ?? []).map((z) => ({ value: String(z.id), label: z.zoneName }))}
            value={v.zoneId}
            onChange={(e) => form.set('zoneId', e.target.value)}
            error={form.errors.zoneId}
          />
          <TextField {...form.text('referral')} label="Referral code (optional)" />
          <NewPasswordFields form={form} field="password" label="Password" />
        </OperationForm>
      </Card>
    </Narrow>
  );
}
