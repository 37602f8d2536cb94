// Add or change a subscription plan: name, months, price for the whole plan and picture. Its discounts per service
// are added on the discount master screens (DiscountForm).
import { useRef } from 'react';
import { addPlan, type SubscriptionPlan, updatePlan } from '../../../api/subscriptions';
import { type FileValue, NumberField, TextField } from '../../../ui/form';
import { PictureField } from '../../_admin/-components/PictureField';
import { OperationForm, typedNumber, useOperationForm } from '../form';

export interface PlanFormProps {
  plan?: SubscriptionPlan;
  onSaved(plan: SubscriptionPlan): void;
}

export function PlanForm({ plan, onSaved }: PlanFormProps) {
  // The new picture's file name goes in UpdateSubscriptionDetails' query (ImageFileName), not its body.
  const pictureName = useRef<string | undefined>(undefined);
  const form = useOperationForm({
    operation: plan ? 'updateSubscriptionDetails' : 'addSubscriptionDetails',
    initial: {
      subscriptionName: plan?.subscriptionName ?? '',
      durationInMonths: plan ? String(plan.durationInMonths) : '',
      price: plan ? String(plan.price) : '',
      imagebase64Data: null as FileValue | null,
    },
    labels: {
      subscriptionName: 'Plan name',
      durationInMonths: 'Duration in months',
      price: 'Price',
      imagebase64Data: 'Picture',
    },
    alias: { fileName: 'imagebase64Data', id: 'subscriptionName' },
    toBody: (v) => {
      pictureName.current = v.imagebase64Data?.fileName;
      return {
        ...(plan ? { id: plan.id } : {}),
        subscriptionName: v.subscriptionName.trim(),
        durationInMonths: typedNumber(v.durationInMonths) as number,
        price: typedNumber(v.price) as number,
        ...(v.imagebase64Data
          ? { imagebase64Data: v.imagebase64Data.data, ...(plan ? {} : { fileName: v.imagebase64Data.fileName }) }
          : {}),
      };
    },
    send: (body) =>
      plan ? updatePlan({ ...body, id: plan.id }, pictureName.current) : addPlan(body as Parameters<typeof addPlan>[0]),
    savedMessage: 'Plan saved.',
    onSaved: (reply) => onSaved(reply.data),
  });
  return (
    <OperationForm
      form={form}
      label={plan ? `Change ${plan.subscriptionName}` : 'Add plan'}
      submitLabel={plan ? 'Save changes' : 'Add plan'}
      cancelTo="/Subscription/GetSubscriptionDetails"
    >
      <TextField {...form.text('subscriptionName')} fullWidth autoComplete="off" placeholder="Gold care" />
      <NumberField
        {...form.text('durationInMonths')}
        inputMode="numeric"
        placeholder="12"
        hint="Calendar months from the payment, 1 to 60."
      />
      <NumberField
        {...form.text('price')}
        prefix="₹"
        placeholder="999"
        hint={
          plan
            ? 'Customers who already bought it keep what they paid; the new price is for later purchases.'
            : 'For the whole plan, at most 2 decimals. Paid from the wallet or through a payment provider.'
        }
      />
      <PictureField
        {...form.control('imagebase64Data')}
        currentUrl={plan?.imageUrl}
        hint={plan ? undefined : 'Optional. A wide picture works best, e.g. 1200 × 600 pixels.'}
      />
    </OperationForm>
  );
}
