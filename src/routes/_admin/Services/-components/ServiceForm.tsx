import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  addService,
  categoryOptionsQuery,
  GST_RATES,
  type GstRate,
  PROFESSIONAL_TYPES,
  type ProfessionalType,
  type Service,
  subCategoriesOfCategoryQuery,
  updateService,
} from '../../../../api/catalogue';
import { ApiError } from '../../../../api/client';
import { invalidateAfter } from '../../../../api/invalidate';
import { Button, buttonClassName, toast } from '../../../../ui';
import {
  type FileValue,
  Form,
  FormActions,
  FormErrorSummary,
  NumberField,
  SelectField,
  TextArea,
  TextField,
  useForm,
} from '../../../../ui/form';
import { PictureField } from '../../-components/PictureField';
import { labelledErrors } from '../../-components/serverErrors';

const LABELS = {
  heading: 'Heading',
  price: 'Price',
  discount: 'Discount',
  gst: 'GST',
  categoryId: 'Category',
  subCategoryId: 'Sub-category',
  pDetails: 'Description',
  professionalType: 'Carried out by',
  image: 'Picture',
  bannerImage: 'Banner picture',
};

/** Rupees with at most 2 decimals, as the contract takes them (checked here only to explain; the server decides). */
const RUPEES = /^\d{1,7}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}$/;

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
  const queryClient = useQueryClient();
  const form = useForm({
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
  });
  const [busy, setBusy] = useState(false);
  const v = form.values;
  const categories = useQuery(categoryOptionsQuery());
  const subCategories = useQuery(subCategoriesOfCategoryQuery(Number(v.categoryId) || 0));

  function check() {
    const e: Record<string, string> = {};
    const heading = v.heading.trim();
    if (!heading) e.heading = 'Enter the heading';
    else if (heading.length > 150) e.heading = 'Use at most 150 characters for the heading';
    const price = v.price.trim().replace(/,/g, '');
    if (!price) e.price = 'Enter the price in rupees';
    else if (!RUPEES.test(price) || Number(price) <= 0 || Number(price) > 1_000_000)
      e.price = 'Enter a price from ₹0.01 to ₹10,00,000 with at most 2 decimals';
    const discount = v.discount.trim();
    if (discount && (!PERCENT.test(discount) || Number(discount) > 100))
      e.discount = 'Enter the discount as a whole percentage from 0 to 100';
    if (!v.categoryId) e.categoryId = 'Choose the category';
    if (!v.subCategoryId) e.subCategoryId = 'Choose the sub-category';
    if (!v.professionalType) e.professionalType = 'Choose who carries the service out';
    if (v.pDetails.length > 5000) e.pDetails = 'Use at most 5,000 characters for the description';
    form.setErrors(e);
    return Object.keys(e).length === 0;
  }

  async function submit() {
    if (!check()) return;
    setBusy(true);
    try {
      const body = {
        heading: v.heading.trim(),
        price: Number(v.price.trim().replace(/,/g, '')),
        discount: v.discount.trim() ? Number(v.discount.trim()) : 0,
        gst: Number(v.gst) as GstRate,
        subCategoryId: Number(v.subCategoryId),
        pDetails: v.pDetails.trim(),
        professionalType: v.professionalType as ProfessionalType,
        // The visiting charge is not asked for (SPEC §9: always 0); an update keeps the stored one.
        visitingCharges: service?.visitingCharges ?? 0,
        ...(v.image ? { image: v.image.data, fileName: v.image.fileName } : {}),
        ...(v.bannerImage ? { bannerImage: v.bannerImage.data, bannerFileName: v.bannerImage.fileName } : {}),
      };
      const reply = service ? await updateService(service.id, body) : await addService(body);
      await invalidateAfter(queryClient, service ? 'updateService' : 'addService');
      toast.success(reply.message || 'Service saved.');
      onSaved(reply.data);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) {
        form.setServerErrors(
          labelledErrors(e.errors, LABELS, {
            fileName: 'image',
            bannerFileName: 'bannerImage',
            visitingCharges: 'price',
          }),
        );
      } else toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label={service ? `Change ${service.heading}` : 'Add service'}>
      <FormErrorSummary errors={form.errors} />
      <TextField
        label={LABELS.heading}
        name="heading"
        required
        fullWidth
        maxLength={150}
        autoComplete="off"
        value={v.heading}
        onChange={(e) => form.set('heading', e.target.value)}
        error={form.errors.heading}
      />
      <SelectField
        label={LABELS.categoryId}
        name="categoryId"
        required
        placeholder={categories.isPending ? 'Loading categories…' : 'Choose a category'}
        options={(categories.data ?? []).map((c) => ({
          value: String(c.id),
          label: c.active ? c.categoryName : `${c.categoryName} — inactive`,
        }))}
        value={v.categoryId}
        onChange={(e) => {
          form.set('categoryId', e.target.value);
          form.set('subCategoryId', '');
        }}
        hint={categories.error ? `Categories could not be loaded: ${categories.error.message}` : undefined}
        error={form.errors.categoryId}
      />
      <SelectField
        label={LABELS.subCategoryId}
        name="subCategoryId"
        required
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
        error={form.errors.subCategoryId}
      />
      <NumberField
        label={LABELS.price}
        name="price"
        required
        prefix="₹"
        placeholder="499"
        hint="Before discount and GST, at most 2 decimals."
        value={v.price}
        onChange={(e) => form.set('price', e.target.value)}
        error={form.errors.price}
      />
      <NumberField
        label={LABELS.discount}
        name="discount"
        suffix="%"
        inputMode="numeric"
        hint="A whole percentage of the price, 0 to 100."
        value={v.discount}
        onChange={(e) => form.set('discount', e.target.value)}
        error={form.errors.discount}
      />
      <SelectField
        label={LABELS.gst}
        name="gst"
        required
        options={GST_RATES.map((r) => ({ value: String(r), label: `${r} %` }))}
        value={v.gst}
        onChange={(e) => form.set('gst', e.target.value)}
        hint="Charged on the discounted price."
        error={form.errors.gst}
      />
      <SelectField
        label={LABELS.professionalType}
        name="professionalType"
        required
        placeholder="Choose a professional"
        options={PROFESSIONAL_TYPES.map((p) => ({ value: p, label: p }))}
        value={v.professionalType}
        onChange={(e) => form.set('professionalType', e.target.value as ProfessionalType | '')}
        error={form.errors.professionalType}
      />
      <TextArea
        label={LABELS.pDetails}
        name="pDetails"
        fullWidth
        rows={5}
        maxLength={5000}
        value={v.pDetails}
        onChange={(e) => form.set('pDetails', e.target.value)}
        error={form.errors.pDetails}
      />
      <PictureField
        label={LABELS.image}
        name="image"
        value={v.image}
        onChange={(f) => form.set('image', f)}
        currentUrl={service?.imageUrl}
        error={form.errors.image}
      />
      <PictureField
        label={LABELS.bannerImage}
        name="bannerImage"
        value={v.bannerImage}
        onChange={(f) => form.set('bannerImage', f)}
        currentUrl={service?.bannerImageUrl}
        hint="Shown wide at the top of the service's page."
        error={form.errors.bannerImage}
      />
      <FormActions>
        <Link to="/Services/ServicesList" className={buttonClassName({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={busy}>
          {service ? 'Save changes' : 'Add service'}
        </Button>
      </FormActions>
    </Form>
  );
}
