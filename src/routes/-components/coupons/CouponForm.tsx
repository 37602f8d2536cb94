// Marketing's coupon form (/Coupons/AddCoupons and /Coupons/UpdateCoupons): the advertisement's text and picture and
// the coupon's terms, in one body (HomeScreenAdvsInsert / HomeScreenAdvsUpdate: homeScreenAds plus couponsOffers).
import { useRef } from 'react';
import type { FieldError } from '../../../api/client';
import { type CouponDetail, insertHomeScreenAd, updateHomeScreenAd } from '../../../api/homeScreenAds';
import { Button } from '../../../ui';
import { type FileValue, NumberField, SelectField, TextArea, TextField } from '../../../ui/form';
import { PictureField } from '../../_admin/-components/PictureField';
import { OperationForm, typedNumber, useOperationForm } from '../form';
import { PickerListField } from '../form/PickerListField';
import { useCategoriesPicker, useServicesPicker } from './pickers';

interface Values {
  couponCode: string;
  description: string;
  discountDesc: string;
  discountType: string;
  discount: string;
  maxDiscount: string;
  minOrderValue: string;
  validFrom: string;
  validTo: string;
  totalLimit: string;
  perCustomerLimit: string;
  serviceId: string[];
  categoryId: string[];
  image: FileValue | null;
}

const LABELS: Record<keyof Values, string> = {
  couponCode: 'Coupon code',
  description: 'Description',
  discountDesc: 'Offer in a few words',
  discountType: 'Discount type',
  discount: 'Discount',
  maxDiscount: 'Most it takes off',
  minOrderValue: 'Minimum order value',
  validFrom: 'Valid from',
  validTo: 'Valid to',
  totalLimit: 'Uses in all',
  perCustomerLimit: 'Uses per customer',
  serviceId: 'Services',
  categoryId: 'Categories',
  image: 'Picture',
};

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
const inDays = (n: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + n * 86_400_000));

function initialOf(c?: CouponDetail): Values {
  const t = c?.coupon;
  return {
    couponCode: t?.couponCode ?? '',
    description: c?.description ?? '',
    discountDesc: c?.discountDesc ?? '',
    discountType: t?.discountType ?? 'P',
    discount: t ? String(t.discount) : '',
    maxDiscount: t?.maxDiscount != null ? String(t.maxDiscount) : '',
    minOrderValue: t ? String(t.minOrderValue) : '0',
    validFrom: t?.validFrom ?? today(),
    validTo: t?.validTo ?? inDays(30),
    totalLimit: t ? String(t.totalLimit) : '100',
    perCustomerLimit: t ? String(t.perCustomerLimit) : '1',
    serviceId: t ? t.couponsOffers.filter((o) => o.serviceId !== null).map((o) => String(o.serviceId)) : [],
    categoryId: t ? t.couponsOffers.filter((o) => o.categoryId !== null).map((o) => String(o.categoryId)) : [],
    image: null,
  };
}

/** The server names nested fields (`couponsOffers.couponCode`): the form's fields are the last part. */
const refine = (errors: FieldError[]) =>
  errors.map((e) => ({ ...e, field: (e.field ?? '').replace(/^(couponsOffers|homeScreenAds)\./, '') }));

export interface CouponFormProps {
  /** The coupon to change; without it the form makes one. */
  coupon?: CouponDetail;
  onSaved(id: number): void;
  cancelTo: '/Coupons/CouponsList';
}

export function CouponForm({ coupon, onSaved, cancelTo }: CouponFormProps) {
  // The main button sends the new coupon for approval; 'Save as draft' keeps it a draft.
  const submitAfter = useRef(true);
  const terms = coupon?.coupon;
  const shared = {
    initial: initialOf(coupon),
    labels: LABELS,
    alias: { imagebase64Data: 'image', imageName: 'image' } as Record<string, keyof Values & string>,
    refine,
  };
  const homeScreenAds = (v: Values) => ({
    advType: 'CO' as const,
    description: v.description.trim(),
    discountDesc: v.discountDesc.trim(),
    ...(v.image ? { imagebase64Data: v.image.data, imageName: v.image.fileName } : {}),
  });
  const couponsOffers = (v: Values) => ({
    couponCode: v.couponCode.trim().toUpperCase(),
    discountType: v.discountType as 'P' | 'F',
    discount: typedNumber(v.discount),
    ...(v.discountType === 'P' && v.maxDiscount.trim() ? { maxDiscount: typedNumber(v.maxDiscount) } : {}),
    minOrderValue: typedNumber(v.minOrderValue) ?? 0,
    validFrom: v.validFrom,
    validTo: v.validTo,
    totalLimit: typedNumber(v.totalLimit),
    perCustomerLimit: typedNumber(v.perCustomerLimit),
    serviceId: v.serviceId.map(Number),
    categoryId: v.categoryId.map(Number),
  });
  const addForm = useOperationForm({
    ...shared,
    operation: 'homeScreenAdvsInsert',
    toBody: (v: Values) => ({
      homeScreenAds: homeScreenAds(v),
      couponsOffers: couponsOffers(v),
      submit: submitAfter.current,
    }),
    send: insertHomeScreenAd,
    onSaved: (reply) => onSaved(reply.data.id),
  });
  const updateForm = useOperationForm({
    ...shared,
    operation: 'homeScreenAdvsUpdate',
    toBody: (v: Values) => ({ id: coupon?.id ?? 0, homeScreenAds: homeScreenAds(v), couponsOffers: couponsOffers(v) }),
    send: updateHomeScreenAd,
    onSaved: (reply) => onSaved(reply.data.id),
  });
  const form = coupon ? updateForm : addForm;
  const v = form.values;
  const initialNames = (kind: 'service' | 'category') =>
    Object.fromEntries(
      (terms?.couponsOffers ?? [])
        .filter((o) => (kind === 'service' ? o.serviceId !== null : o.categoryId !== null))
        .map((o) =>
          kind === 'service'
            ? [String(o.serviceId), o.serviceName ?? '']
            : [String(o.categoryId), o.categoryName ?? ''],
        ),
    );
  const services = useServicesPicker(v.serviceId, initialNames('service'));
  const categories = useCategoriesPicker(v.categoryId, initialNames('category'));
  const percent = v.discountType === 'P';
  const decided = terms && terms.state !== 'draft';

  return (
    <OperationForm
      form={form}
      label={coupon ? `Change coupon ${terms?.couponCode ?? ''}` : 'Add coupon'}
      submitLabel={coupon ? (decided ? 'Save and send for approval' : 'Save changes') : 'Save and send for approval'}
      cancelTo={cancelTo}
      secondaryAction={
        coupon ? null : (
          <Button
            type="button"
            variant="secondary"
            disabled={form.busy}
            onClick={() => {
              submitAfter.current = false;
              void form.submit().finally(() => {
                submitAfter.current = true;
              });
            }}
          >
            Save as draft
          </Button>
        )
      }
    >
      <TextField
        {...form.text('couponCode')}
        autoComplete="off"
        spellCheck={false}
        hint="Letters, digits, - or _; customers may type it in any letter case."
        onChange={(e) => form.set('couponCode', e.target.value.toUpperCase())}
      />
      <TextField {...form.text('discountDesc')} placeholder="10% off, up to ₹100" />
      <TextArea {...form.text('description')} rows={2} fullWidth dir="auto" />
      <SelectField
        {...form.field('discountType')}
        value={v.discountType}
        onChange={(e) => form.set('discountType', e.target.value)}
        options={[
          { value: 'P', label: 'A percentage' },
          { value: 'F', label: 'A flat amount' },
        ]}
      />
      <NumberField
        {...form.text('discount')}
        inputMode="decimal"
        prefix={percent ? undefined : '₹'}
        suffix={percent ? '%' : undefined}
        hint={percent ? 'A whole percent, 1 to 100, of the services it applies to.' : 'Rupees off the order.'}
      />
      {percent ? (
        <NumberField {...form.text('maxDiscount')} inputMode="decimal" prefix="₹" hint="Leave empty for no cap." />
      ) : null}
      <NumberField
        {...form.text('minOrderValue')}
        inputMode="decimal"
        prefix="₹"
        hint="The order's value before GST; 0 for any order."
      />
      <TextField {...form.text('validFrom')} type="date" />
      <TextField {...form.text('validTo')} type="date" hint="The last day it can be used (India time)." />
      <NumberField {...form.text('totalLimit')} inputMode="numeric" />
      <NumberField {...form.text('perCustomerLimit')} inputMode="numeric" />
      <PickerListField
        form={form}
        name="serviceId"
        picker={services}
        hint="Leave both services and categories empty for every service."
      />
      <PickerListField form={form} name="categoryId" picker={categories} hint="Every service of a category chosen." />
      <PictureField {...form.control('image')} currentUrl={coupon?.imageUrl} fullWidth />
      {decided ? (
        <p>Saving sends this coupon back for approval: it stops being usable until an admin approves it again.</p>
      ) : null}
    </OperationForm>
  );
}
