import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  type Address,
  type AddressBody,
  addAddress,
  addressDropDownQuery,
  addressesQuery,
  deleteAddress,
  makeAddressDefault,
} from '../../../api/addresses';
import { invalidateAfter } from '../../../api/invalidate';
import { Alert, Badge, Button, Card, ConfirmDialog, EmptyState, LoadingPlaceholder, toast } from '../../../ui';
import { Form, FormActions, FormErrorSummary, SelectField, TextArea, TextField } from '../../../ui/form';
import { chosenId, useOperationForm } from '../form';
import * as s from './addresses.css';

/** An address in a few words: "12, 4th Cross, Bengaluru, Karnataka 560034". */
export const addressLine = (a: Pick<Address, 'adress' | 'city' | 'state' | 'pinCode'>) =>
  `${a.adress}, ${a.city}, ${a.state} ${a.pinCode}`;

function AddressText({ address }: { address: Address }) {
  return (
    <span className={s.text}>
      <span className={s.name}>
        <bdi>{address.receiverName}</bdi> · {address.receiverMobileNo}{' '}
        {address.isDefault ? <Badge tone="success">Default</Badge> : null}
      </span>
      <bdi>{addressLine(address)}</bdi>
    </span>
  );
}

const EMPTY_ADDRESS = { receiverName: '', receiverMobileNo: '', adress: '', StateId: '', CityId: '', pinCode: '' };
export type AddressFormValues = typeof EMPTY_ADDRESS;

/**
 * Adding an address: state and city chosen from the places we serve (GetZoneWiseDropDownForAddAdress), the
 * pincode typed (the server refuses one we do not serve, on the field). The first address becomes the default.
 */
export function AddressForm({
  initial,
  onAdded,
  onCancel,
}: {
  /** What the fields start from (checkout's first address: the sign-up's details, decision 046). */
  initial?: Partial<AddressFormValues>;
  onAdded?(address: Address): void;
  onCancel?(): void;
}) {
  const form = useOperationForm({
    operation: 'addCustomerAddress',
    initial: { ...EMPTY_ADDRESS, ...initial },
    labels: {
      receiverName: 'Name',
      receiverMobileNo: 'Mobile number',
      adress: 'Address',
      StateId: 'State',
      CityId: 'City',
      pinCode: 'Pincode',
    },
    alias: { state: 'StateId', city: 'CityId' },
    choices: ['StateId', 'CityId'],
    toBody: (v): AddressBody => ({
      receiverName: v.receiverName.trim(),
      receiverMobileNo: v.receiverMobileNo.trim(),
      adress: v.adress.trim(),
      StateId: chosenId(v.StateId),
      CityId: chosenId(v.CityId),
      state: states.data?.find((x) => String(x.id) === v.StateId)?.name ?? '',
      city: cities.data?.find((x) => String(x.id) === v.CityId)?.name ?? '',
      pinCode: v.pinCode.trim(),
      country: 'India',
    }),
    send: addAddress,
    onSaved: (reply) => {
      form.reset();
      onAdded?.(reply.data);
    },
  });
  const states = useQuery(addressDropDownQuery({ Action: 'State' }));
  const stateId = Number(form.values.StateId) || undefined;
  const cities = useQuery(addressDropDownQuery({ Action: 'City', StateId: stateId }, stateId !== undefined));
  return (
    <Form onSubmit={form.submit} aria-label="Add an address">
      <FormErrorSummary errors={form.errors} />
      <div className={s.grid}>
        <TextField {...form.text('receiverName')} autoComplete="name" />
        <TextField {...form.text('receiverMobileNo')} inputMode="numeric" autoComplete="tel-national" />
      </div>
      <TextArea {...form.text('adress')} rows={2} autoComplete="street-address" fullWidth />
      <div className={s.grid}>
        <SelectField
          {...form.field('StateId')}
          value={form.values.StateId}
          onChange={(e) => {
            form.set('StateId', e.target.value);
            form.set('CityId', '');
          }}
          options={(states.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          placeholder={states.isPending ? 'Loading states…' : 'Choose a state'}
        />
        <SelectField
          {...form.field('CityId')}
          value={form.values.CityId}
          onChange={(e) => form.set('CityId', e.target.value)}
          options={(cities.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          placeholder={stateId ? 'Choose a city' : 'Choose a state first'}
          disabled={!stateId}
        />
        <TextField {...form.text('pinCode')} inputMode="numeric" autoComplete="postal-code" />
      </div>
      <FormActions>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" loading={form.busy}>
          Add address
        </Button>
      </FormActions>
    </Form>
  );
}

/**
 * The customer's addresses to choose one from (the default chosen unless another is), with a way to add one: what
 * /Checkout shows. `value` null means "the default".
 */
export function AddressPicker({ value, onChange }: { value: number | null; onChange(id: number): void }) {
  const addresses = useQuery(addressesQuery());
  const [adding, setAdding] = useState(false);
  if (addresses.isPending) return <LoadingPlaceholder label="Loading your addresses…" />;
  if (addresses.isError) return <Alert tone="danger">{addresses.error.message}</Alert>;
  const list = addresses.data;
  const chosenId = value ?? list.find((a) => a.isDefault)?.id ?? list[0]?.id ?? null;
  return (
    <div className={s.stack}>
      {list.length > 0 && (
        <ul className={s.list} aria-label="Your addresses">
          {list.map((a) => (
            <li key={a.id} className={a.id === chosenId ? `${s.item} ${s.chosen}` : s.item}>
              <label className={s.choice}>
                <input
                  type="radio"
                  name="address"
                  value={a.id}
                  checked={a.id === chosenId}
                  onChange={() => onChange(a.id)}
                />
                <AddressText address={a} />
              </label>
            </li>
          ))}
        </ul>
      )}
      {list.length === 0 || adding ? (
        <AddressForm
          onAdded={(a) => {
            setAdding(false);
            onChange(a.id);
          }}
          onCancel={list.length ? () => setAdding(false) : undefined}
        />
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add another address
          </Button>
        </div>
      )}
    </div>
  );
}

function BookRow({ address }: { address: Address }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  async function makeDefault() {
    setBusy(true);
    try {
      const reply = await makeAddressDefault(address.id);
      toast.success(reply.message);
      await invalidateAfter(queryClient, 'makeAddressDefault');
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className={s.item} data-testid="address">
      <AddressText address={address} />
      <span className={s.actions}>
        {!address.isDefault && (
          <Button size="sm" variant="secondary" loading={busy} onClick={makeDefault}>
            Make default
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setConfirm(true)}>
          Delete
        </Button>
      </span>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Delete this address?"
        message={addressLine(address)}
        confirmLabel="Delete address"
        tone="danger"
        onConfirm={async () => {
          const reply = await deleteAddress(address.id);
          toast.success(reply.message);
          await invalidateAfter(queryClient, 'deleteCustomerAddress');
        }}
      />
    </li>
  );
}

/** My account's Addresses tab: the address book (default first), make default, delete, add. */
export function AddressBook() {
  const addresses = useQuery(addressesQuery());
  return (
    <div className={s.stack}>
      <Card title="Your addresses">
        {addresses.isPending ? (
          <LoadingPlaceholder label="Loading your addresses…" />
        ) : addresses.isError ? (
          <Alert tone="danger">{addresses.error.message}</Alert>
        ) : addresses.data.length === 0 ? (
          <EmptyState title="No addresses yet" description="Add the address where our professionals should come." />
        ) : (
          <ul className={s.list} aria-label="Your addresses">
            {addresses.data.map((a) => (
              <BookRow key={a.id} address={a} />
            ))}
          </ul>
        )}
      </Card>
      <Card title="Add an address">
        <p className={s.muted}>We come to the pincodes we serve; the first address you add becomes your default.</p>
        <AddressForm />
      </Card>
    </div>
  );
}
