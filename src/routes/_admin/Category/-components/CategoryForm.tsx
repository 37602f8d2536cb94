import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { addCategory, type Category, updateCategory, zoneOptionsQuery } from '../../../../api/catalogue';
import { ApiError } from '../../../../api/client';
import { invalidateAfter } from '../../../../api/invalidate';
import { Button, buttonClassName, toast } from '../../../../ui';
import {
  type FileValue,
  Form,
  FormActions,
  FormErrorSummary,
  MultiSelectField,
  TextArea,
  TextField,
  useForm,
} from '../../../../ui/form';
import { PictureField } from '../../-components/PictureField';
import { labelledErrors } from '../../-components/serverErrors';
import { toBody } from '../../-components/toBody';
import { zoneLabel } from './zoneLabel';

const LABELS = { categoryName: 'Category name', details: 'Details', image: 'Picture', zones: 'Zones' };

export interface CategoryFormProps {
  /** The category to change; without it the form adds one (and picks its zones). */
  category?: Category;
  onSaved(category: Category): void;
}

/** Add or change a category. On change, the picture is sent only when a new one was chosen. */
export function CategoryForm({ category, onSaved }: CategoryFormProps) {
  const queryClient = useQueryClient();
  const form = useForm({
    categoryName: category?.categoryName ?? '',
    details: category?.details ?? '',
    image: null as FileValue | null,
    zones: [] as string[],
  });
  const [busy, setBusy] = useState(false);
  const v = form.values;
  const zones = useQuery({ ...zoneOptionsQuery(), enabled: !category });
  const zoneOptions = useMemo(
    () => (zones.data ?? []).map((z) => ({ value: String(z.id), label: zoneLabel(z) })),
    [zones.data],
  );

  function check() {
    const e: Record<string, string> = {};
    const name = v.categoryName.trim();
    if (!name) e.categoryName = 'Enter the category name';
    else if (name.length > 100) e.categoryName = 'Use at most 100 characters for the name';
    if (v.details.length > 2000) e.details = 'Use at most 2,000 characters for the details';
    form.setErrors(e);
    return Object.keys(e).length === 0;
  }

  async function submit() {
    if (!check()) return;
    setBusy(true);
    try {
      const body = { categoryName: v.categoryName.trim(), details: v.details.trim(), ...toBody(v.image) };
      const reply = category
        ? await updateCategory(category.id, body)
        : await addCategory({ ...body, categoryZoneList: v.zones.map((id) => ({ zoneId: Number(id) })) });
      await invalidateAfter(queryClient, category ? 'updateCategory' : 'addCategory');
      toast.success(reply.message || 'Category saved.');
      onSaved(reply.data);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) {
        form.setServerErrors(labelledErrors(e.errors, LABELS, { categoryZoneList: 'zones', fileName: 'image' }));
      } else toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label={category ? `Change ${category.categoryName}` : 'Add category'}>
      <FormErrorSummary errors={form.errors} />
      <TextField
        label={LABELS.categoryName}
        name="categoryName"
        required
        maxLength={100}
        autoComplete="off"
        value={v.categoryName}
        onChange={(e) => form.set('categoryName', e.target.value)}
        error={form.errors.categoryName}
      />
      <PictureField
        label={LABELS.image}
        name="image"
        value={v.image}
        onChange={(f) => form.set('image', f)}
        currentUrl={category?.imageUrl}
        error={form.errors.image}
      />
      <TextArea
        label={LABELS.details}
        name="details"
        fullWidth
        maxLength={2000}
        value={v.details}
        onChange={(e) => form.set('details', e.target.value)}
        error={form.errors.details}
      />
      {category ? null : (
        <MultiSelectField
          label={LABELS.zones}
          name="zones"
          fullWidth
          options={zoneOptions}
          value={v.zones}
          onChange={(next) => form.set('zones', next)}
          hint={
            zones.isPending
              ? 'Loading zones…'
              : zones.error
                ? `Zones could not be loaded: ${zones.error.message}`
                : 'Where the category is offered. With none it is offered nowhere yet; you can change this later.'
          }
          error={form.errors.zones}
        />
      )}
      <FormActions>
        <Link to="/Category/CategoryList" className={buttonClassName({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={busy}>
          {category ? 'Save changes' : 'Add category'}
        </Button>
      </FormActions>
    </Form>
  );
}
