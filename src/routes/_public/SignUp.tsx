import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { signup } from '../../api/auth';
import { ApiError } from '../../api/client';
import { citiesQuery, statesQuery, zonesOfCityQuery } from '../../api/geo';
import { Button, Card, toast } from '../../ui';
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

export const Route = createFileRoute('/_public/SignUp')({
  head: () => ({ meta: [{ title: 'Create an account · Doorstep' }] }),
  component: SignUp,
});

const MOBILE = /^[6-9]\d{9}$/;
const PIN = /^[1-9]\d{5}$/;

function SignUp() {
  const navigate = useNavigate();
  const form = useForm({
    fullName: '',
    mobileNo: '',
    email: '',
    stateId: '',
    city: '',
    pinCode: '',
    zoneId: '',
    referral: '',
    password: '',
    confirm: '',
  });
  const [busy, setBusy] = useState(false);
  const v = form.values;
  const states = useQuery(statesQuery());
  const cities = useQuery(citiesQuery(Number(v.stateId) || 0));
  const cityId = cities.data?.find((c) => c.name === v.city)?.id ?? 0;
  const zones = useQuery(zonesOfCityQuery(Number(v.stateId) || 0, cityId));

  function check() {
    const e: Record<string, string> = {};
    if (v.fullName.trim().length < 2) e.fullName = 'Enter your full name';
    if (!MOBILE.test(v.mobileNo)) e.mobileNo = 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9';
    if (!/^\S+@\S+\.\S+$/.test(v.email)) e.email = 'Enter a valid e-mail address';
    if (!v.city) e.city = 'Choose your city';
    if (!PIN.test(v.pinCode)) e.pinCode = 'Enter a 6-digit pincode';
    checkNewPassword(e, 'password', v.password, v.confirm);
    form.setErrors(e);
    return Object.keys(e).length === 0;
  }

  async function submit() {
    if (!check()) return;
    setBusy(true);
    try {
      await signup({
        fullName: v.fullName.trim(),
        mobileNo: v.mobileNo,
        email: v.email.trim(),
        city: v.city,
        pinCode: v.pinCode,
        password: v.password,
        ...(v.referral.trim() ? { referral: v.referral.trim() } : {}),
        zoneId: v.zoneId ? Number(v.zoneId) : null,
      });
      toast.success('Your account is ready. Please sign in.');
      navigate({ to: '/Auth' });
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) form.setServerErrors(e.errors);
      else toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Narrow>
      <Card title="Create your Doorstep account" headingLevel={1}>
        <Form onSubmit={submit} aria-label="Sign up">
          <FormErrorSummary errors={form.errors} />
          <TextField
            label="Full name"
            name="fullName"
            autoComplete="name"
            value={v.fullName}
            onChange={(e) => form.set('fullName', e.target.value)}
            error={form.errors.fullName}
            required
          />
          <TextField
            label="Mobile number"
            name="mobileNo"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            value={v.mobileNo}
            onChange={(e) => form.set('mobileNo', e.target.value.replace(/\D/g, ''))}
            error={form.errors.mobileNo}
            required
          />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            value={v.email}
            onChange={(e) => form.set('email', e.target.value)}
            error={form.errors.email}
            required
          />
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
            label="Pincode"
            name="pinCode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={v.pinCode}
            onChange={(e) => form.set('pinCode', e.target.value.replace(/\D/g, ''))}
            error={form.errors.pinCode}
            required
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
          <TextField
            label="Referral code (optional)"
            name="referral"
            value={v.referral}
            onChange={(e) => form.set('referral', e.target.value)}
            error={form.errors.referral}
          />
          <NewPasswordFields form={form} field="password" label="Password" />
          <FormActions>
            <Link to="/Auth">I already have an account</Link>
            <Button type="submit" loading={busy}>
              Sign up
            </Button>
          </FormActions>
        </Form>
      </Card>
    </Narrow>
  );
}
