// Add or change a plan's discount on a service: the plan, the service, and a whole percent (P) or rupees off each
// unit (F). The add form takes `discount`, the change form `Discount` (the contract names them so).
import { useMemo } from 'react';
import { addDiscount, type SubscriptionDiscount, updateDiscount } from '../../../api/subscriptions';
import { NumberField, SelectField } from '../../../ui/form';
import { chosenId, OperationForm, typedNumber, useOperationForm } from '../form';
import { PickerField } from '../form/PickerField';
import { usePlanPicker, useServicePicker } from './pickers';

export interface DiscountFormProps {
  discount?: SubscriptionDiscount;
  /** The plan an add form starts with (the discounts of one plan). */
  plan?: { id: number; subscriptionName: string };
  /** The service an add form starts with (the discount details of one service). */
  service?: { id: number; heading: string };
  onSaved(discount: SubscriptionDiscount): void;
  cancelTo?: '/Subscription/DiscountMasterList' | '/Subscription/DiscountDetailsForService';
}

const TYPES = [
  { value: 'P', label: 'Percent off the service' },
  { value: 'F', label: 'Rupees off each unit' },
];

export function DiscountForm({ discount, plan, service, onSaved, cancelTo }: DiscountFormProps) {
  const chosenPlan = useMemo(
    () =>
      discount
        ? { value: String(discount.subscriptionId), label: discount.subscriptionName }
        : plan
          ? { value: String(plan.id), label: plan.subscriptionName }
          : null,
    [discount, plan],
  );
  const chosenService = useMemo(
    () =>
      discount
        ? { value: String(discount.serviceId), label: discount.serviceName }
        : service
          ? { value: String(service.id), label: service.heading }
          : null,
    [discount, service],
  );
  const plans = usePlanPicker(chosenPlan);
  const services = useServicePicker(chosenService);
  const form = useOperationForm({
    operation: discount ? 'updateDiscountDetailsForService' : 'addDiscountDetailsForService',
    initial: {
      SubscriptionID: chosenPlan?.value ?? '',
      ServiceID: chosenService?.value ?? '',
      DiscountType: (discount?.discountType ?? 'P') as string,
      discount: discount ? String(discount.discount) : '',
    },
    labels: { SubscriptionID: 'Plan', ServiceID: 'Service', DiscountType: 'Kind of discount', discount: 'Discount' },
    alias: { Discount: 'discount', id: 'SubscriptionID' },
    toBody: (v) =>
      discount
        ? {
            id: discount.id,
            SubscriptionID: chosenId(v.SubscriptionID),
            ServiceID: chosenId(v.ServiceID),
            DiscountType: v.DiscountType as 'P' | 'F',
            Discount: typedNumber(v.discount),
          }
        : {
            SubscriptionID: chosenId(v.SubscriptionID),
            ServiceID: chosenId(v.ServiceID),
            DiscountType: v.DiscountType as 'P' | 'F',
            discount: typedNumber(v.discount),
          },
    send: (body) =>
      discount
        ? updateDiscount(body as Parameters<typeof updateDiscount>[0])
        : addDiscount(body as Parameters<typeof addDiscount>[0]),
    savedMessage: 'Discount saved.',
    onSaved: (reply) => onSaved(reply.data),
  });
  const v = form.values;
  const percent = v.DiscountType === 'P';
  return (
    <OperationForm
      form={form}
      label={discount ? `Change the discount on ${discount.serviceName}` : 'Add discount'}
      submitLabel={discount ? 'Save changes' : 'Add discount'}
      cancelTo={cancelTo ?? '/Subscription/DiscountMasterList'}
    >
      <PickerField form={form} name="SubscriptionID" picker={plans} placeholder="Choose a plan" />
      <PickerField form={form} name="ServiceID" picker={services} placeholder="Choose a service" />
      <SelectField
        {...form.field('DiscountType')}
        options={TYPES}
        value={v.DiscountType}
        onChange={(e) => form.set('DiscountType', e.target.value)}
      />
      <NumberField
        {...form.text('discount')}
        prefix={percent ? undefined : '₹'}
        suffix={percent ? '%' : undefined}
        inputMode={percent ? 'numeric' : 'decimal'}
        placeholder={percent ? '10' : '100'}
        hint={
          percent
            ? 'A whole percent, 1 to 100, off the service after its own discount, before GST.'
            : 'Rupees off each unit, less than the service’s price after its own discount.'
        }
      />
    </OperationForm>
  );
}
