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
import { Badge, Button, Card, ConfirmDialog, EmptyState, toast } from '../../../ui';
import { Form, FormActions, FormErrorSummary, SelectField, TextArea, TextField } from '../../../ui/form';
import { chosenId, useOperationForm } from '../form';
import { Loaded, LoadFailure, NotLoaded } from '../Loaded';
import * as s from './addresses.css';
import { ACCOUNT } from './words';

const W = ACCOUNT.addresses;

/** An address in a few words: "12, 4th Cross, Bengaluru, Karnataka 560034". */
export const addressLine = (a: Pick<Address, 'adress' | 'city' | 'state' | 'pinCode'>) =>
  `${a.adress}, ${a.city}, ${a.state} ${a.pinCode}`;

function AddressText({ address }: { address: Address }) {
  return (
    <span className={s.text}>
      <span className={s.name}>
        <bdi>{address.receiverName}</bdi> · {address.receiverMobileNo}{' '}
        {address.isDefault ? <Badge tone="success">{W.default}</Badge> : null}
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
    labels: W.fields,
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
    <Form onSubmit={form.submit} aria-label={W.form}>
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
          placeholder={states.isPending ? W.loadingStates : W.chooseState}
        />
        <SelectField
          {...form.field('CityId')}
          value={form.values.CityId}
          onChange={(e) => form.set('CityId', e.target.value)}
          options={(cities.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          placeholder={stateId ? W.chooseCity : W.stateFirst}
          disabled={!stateId}
        />
        <TextField {...form.text('pinCode')} inputMode="numeric" autoComplete="postal-code" />
      </div>
      <FormActions>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {W.cancel}
          </Button>
        ) : null}
        <Button type="submit" loading={form.busy}>
          {W.add}
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
  if (!addresses.data) return <NotLoaded query={addresses} loadingLabel={W.loading} />;
  const list = addresses.data;
  const chosenId = value ?? list.find((a) => a.isDefault)?.id ?? list[0]?.id ?? null;
  return (
    <div className={s.stack}>
      <LoadFailure query={addresses} />
      {list.length > 0 && (
        <ul className={s.list} aria-label={W.yours}>
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
            {W.another}
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
            {W.makeDefault}
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setConfirm(true)}>
          {W.delete}
        </Button>
      </span>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={W.deleteTitle}
        message={addressLine(address)}
        confirmLabel={W.deleteConfirm}
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
      <Card title={W.yours}>
        <Loaded query={addresses} loadingLabel={W.loading}>
          {(data) =>
            data.length === 0 ? (
              <EmptyState title={W.noneTitle} description={W.noneText} />
            ) : (
              <ul className={s.list} aria-label={W.yours}>
                {data.map((a) => (
                  <BookRow key={a.id} address={a} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </Card>
      <Card title={W.addTitle}>
        <p className={s.muted}>{W.addText}</p>
        <AddressForm />
      </Card>
    </div>
  );
}
