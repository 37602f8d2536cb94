import { useQuery } from '@tanstack/react-query';
import {
  addService,
  type GstRate,
  PROFESSIONAL_TYPES,
  type ProfessionalType,
  type Service,
  subCategoriesOfCategoryQuery,
  updateService,
} from '../../../../api/catalogue';
import { type FileValue, NumberField, SelectField, TextArea, TextField } from '../../../../ui/form';
import { chosenId, OperationForm, typedNumber, useOperationForm } from '../../../-components/form';
import { useGstRateOptions } from '../../../-components/gstRateOptions';
import { CategoryField } from '../../-components/CategoryField';
import { PictureField } from '../../-components/PictureField';

export interface ServiceFormProps {
  service?: Service;
  /** Preselected when adding from a filtered list. */
  categoryId?: number;
  subCategoryId?: number;
  onSaved(service: Service): void;
}

/**
 * Add or change a service. Amounts go to the server as typed; the discounted price, GST and final price
 * are what the server answers (shown by the list and the update page), never computed here.
 */
export function ServiceForm({ service, categoryId, subCategoryId, onSaved }: ServiceFormProps) {
  const form = useOperationForm({
    operation: service ? 'updateService' : 'addService',
    initial: {
      heading: service?.heading ?? '',
      price: service ? String(service.price) : '',
      discount: service ? String(service.discount) : '0',
      gst: service ? String(service.gst) : '18',
      categoryId: String(service?.categoryId ?? categoryId ?? ''),
      subCategoryId: String(service?.subCategoryId ?? subCategoryId ?? ''),
      pDetails: service?.pDetails ?? '',
      professionalType: service?.professionalType ?? ('' as ProfessionalType | ''),
      image: null as FileValue | null,
      bannerImage: null as FileValue | null,
    },
    labels: {
      heading: 'Heading',
      categoryId: 'Category',
      subCategoryId: 'Sub-category',
      price: 'Price',
      discount: 'Discount',
      gst: 'GST',
      professionalType: 'Carried out by',
      pDetails: 'Description',
      image: 'Picture',
      bannerImage: 'Banner picture',
    },
    alias: { fileName: 'image', bannerFileName: 'bannerImage', visitingCharges: 'price' },
    toBody: (v) => ({
      heading: v.heading.trim(),
      price: typedNumber(v.price),
      discount: typedNumber(v.discount) ?? 0,
      gst: Number(v.gst) as GstRate,
      subCategoryId: chosenId(v.subCategoryId),
      pDetails: v.pDetails.trim(),
      professionalType: (v.professionalType || undefined) as ProfessionalType,
      // The visiting charge is not asked for (always 0); an update keeps the stored one.
      visitingCharges: service?.visitingCharges ?? 0,
      ...(v.image ? { image: v.image.data, fileName: v.image.fileName } : {}),
      ...(v.bannerImage ? { bannerImage: v.bannerImage.data, bannerFileName: v.bannerImage.fileName } : {}),
    }),
    send: (body) => (service ? updateService(service.id, body) : addService(body)),
    savedMessage: 'Service saved.',
    onSaved: (reply) => onSaved(reply.data),
  });
  const v = form.values;
  const subCategories = useQuery(subCategoriesOfCategoryQuery(Number(v.categoryId) || 0));
  const gst = useGstRateOptions(service?.gst);

  return (
    <OperationForm
      form={form}
      label={service ? `Change ${service.heading}` : 'Add service'}
      submitLabel={service ? 'Save changes' : 'Add service'}
      cancelTo="/Services/ServicesList"
    >
      <TextField {...form.text('heading')} fullWidth autoComplete="off" />
      <CategoryField form={form} required clears={['subCategoryId']} />
      <SelectField
        {...form.field('subCategoryId')}
        disabled={!v.categoryId}
        placeholder={
          !v.categoryId
            ? 'Choose the category first'
            : subCategories.isPending
              ? 'Loading sub-categories…'
              : subCategories.data?.length
                ? 'Choose a sub-category'
                : 'This category has no sub-categories'
        }
        options={(subCategories.data ?? []).map((sc) => ({
          value: String(sc.id),
          label: sc.active ? sc.subCategoryName : `${sc.subCategoryName} — inactive`,
        }))}
        value={v.subCategoryId}
        onChange={(e) => form.set('subCategoryId', e.target.value)}
      />
      <NumberField
        {...form.text('price')}
        prefix="₹"
        placeholder="499"
        hint="Before discount and GST, at most 2 decimals."
      />
      <NumberField
        {...form.text('discount')}
        suffix="%"
        inputMode="numeric"
        hint="A whole percentage of the price, 0 to 100."
      />
      <SelectField
        {...form.field('gst')}
        options={gst.options}
        placeholder={gst.rates.isPending ? 'Loading GST rates…' : undefined}
        value={gst.rates.data ? v.gst : ''}
        onChange={(e) => form.set('gst', e.target.value)}
        hint={
          gst.rates.error
            ? `GST rates could not be loaded: ${gst.rates.error.message}`
            : gst.withdrawn
              ? `${service?.gst} % is no longer in force: choose one of the rates in force today.`
              : 'Charged on the discounted price; the rates in force today.'
        }
      />
      <SelectField
        {...form.field('professionalType')}
        placeholder="Choose a professional"
        options={PROFESSIONAL_TYPES.map((p) => ({ value: p, label: p }))}
        value={v.professionalType}
        onChange={(e) => form.set('professionalType', e.target.value as ProfessionalType | '')}
      />
      <TextArea {...form.text('pDetails')} fullWidth rows={5} />
      <PictureField {...form.control('image')} currentUrl={service?.imageUrl} />
      <PictureField
        {...form.control('bannerImage')}
        currentUrl={service?.bannerImageUrl}
        hint="Shown wide at the top of the service's page."
      />
    </OperationForm>
  );
}
