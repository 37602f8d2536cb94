// Add or change a home-page advertisement (advType AD): its text, the offer in a few words and a picture
// (HomeScreenAdvsInsert / HomeScreenAdvsUpdate with homeScreenAds only).
import type { FieldError } from '../../../api/client';
import { type HomeScreenAd, insertHomeScreenAd, updateHomeScreenAd } from '../../../api/homeScreenAds';
import { type FileValue, TextArea, TextField } from '../../../ui/form';
import { PictureField } from '../../_admin/-components/PictureField';
import { OperationForm, useOperationForm } from '../form';

interface Values {
  description: string;
  discountDesc: string;
  image: FileValue | null;
}

const LABELS: Record<keyof Values, string> = {
  description: 'Description',
  discountDesc: 'Offer in a few words',
  image: 'Picture',
};

/** The server names nested fields (`homeScreenAds.description`): the form's fields are the last part. */
const refine = (errors: FieldError[]) =>
  errors.map((e) => ({ ...e, field: (e.field ?? '').replace(/^homeScreenAds\./, '') }));

export interface AdvertisementFormProps {
  /** The advertisement to change; without it the form adds one. */
  ad?: HomeScreenAd;
  onSaved(ad: HomeScreenAd): void;
}

export function AdvertisementForm({ ad, onSaved }: AdvertisementFormProps) {
  const shared = {
    initial: { description: ad?.description ?? '', discountDesc: ad?.discountDesc ?? '', image: null } as Values,
    labels: LABELS,
    alias: { imagebase64Data: 'image', imageName: 'image' } as Record<string, keyof Values & string>,
    refine,
    savedMessage: 'Advertisement saved.',
  };
  const homeScreenAds = (v: Values) => ({
    advType: 'AD' as const,
    description: v.description.trim(),
    discountDesc: v.discountDesc.trim(),
    ...(v.image ? { imagebase64Data: v.image.data, imageName: v.image.fileName } : {}),
  });
  const addForm = useOperationForm({
    ...shared,
    operation: 'homeScreenAdvsInsert',
    toBody: (v: Values) => ({ homeScreenAds: homeScreenAds(v) }),
    send: insertHomeScreenAd,
    onSaved: (reply) => onSaved(reply.data),
  });
  const updateForm = useOperationForm({
    ...shared,
    operation: 'homeScreenAdvsUpdate',
    toBody: (v: Values) => ({ id: ad?.id ?? 0, homeScreenAds: homeScreenAds(v) }),
    send: updateHomeScreenAd,
    onSaved: (reply) => onSaved(reply.data),
  });
  const form = ad ? updateForm : addForm;
  const v = form.values;
  return (
    <OperationForm
      form={form}
      label={ad ? `Change advertisement #${ad.id}` : 'Add advertisement'}
      submitLabel={ad ? 'Save changes' : 'Add advertisement'}
      cancelTo="/Advertisement/AdvertisementList"
    >
      <TextArea
        {...form.field('description')}
        value={v.description}
        onChange={(e) => form.set('description', e.target.value)}
        required
        maxLength={500}
        rows={3}
        fullWidth
        dir="auto"
        hint="What the advertisement says on the home page."
      />
      <TextField
        {...form.field('discountDesc')}
        value={v.discountDesc}
        onChange={(e) => form.set('discountDesc', e.target.value)}
        maxLength={200}
        dir="auto"
        placeholder="Flat 10% off"
        hint="Optional: shown as a badge under the description."
      />
      <PictureField
        {...form.control('image')}
        currentUrl={ad?.imageUrl}
        hint={ad?.imageUrl ? undefined : 'A wide picture works best, e.g. 640 × 320 pixels.'}
      />
    </OperationForm>
  );
}
