import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { addSubCategory, categoryOptionsQuery, type SubCategory, updateSubCategory } from '../../../../api/catalogue';
import { ApiError } from '../../../../api/client';
import { invalidateAfter } from '../../../../api/invalidate';
import { Button, buttonClassName, toast } from '../../../../ui';
import {
  type FileValue,
  Form,
  FormActions,
  FormErrorSummary,
  SelectField,
  TextField,
  useForm,
} from '../../../../ui/form';
import { PictureField } from '../../-components/PictureField';
import { labelledErrors } from '../../-components/serverErrors';
import { toBody } from '../../-components/toBody';

const LABELS = {
  subCategoryName: 'Sub-category name',
  headingField: 'Heading',
  categoryId: 'Category',
  image: 'Picture',
};

export interface SubCategoryFormProps {
  subCategory?: SubCategory;
  /** Preselects the category when adding (e.g. from a filtered list). */
  categoryId?: number;
  onSaved(subCategory: SubCategory): void;
}

/** Add or change a sub-category; changing the category moves it. The picture is sent only when chosen. */
export function SubCategoryForm({ subCategory, categoryId, onSaved }: SubCategoryFormProps) {
  const queryClient = useQueryClient();
  const categories = useQuery(categoryOptionsQuery());
  const form = useForm({
    subCategoryName: subCategory?.subCategoryName ?? '',
    headingField: subCategory?.headingField ?? '',
    categoryId: String(subCategory?.categoryId ?? categoryId ?? ''),
    image: null as FileValue | null,
  });
  const [busy, setBusy] = useState(false);
  const v = form.values;

  function check() {
    const e: Record<string, string> = {};
    const name = v.subCategoryName.trim();
    if (!name) e.subCategoryName = 'Enter the sub-category name';
    else if (name.length > 100) e.subCategoryName = 'Use at most 100 characters for the name';
    if (v.headingField.length > 200) e.headingField = 'Use at most 200 characters for the heading';
    if (!v.categoryId) e.categoryId = 'Choose the category';
    form.setErrors(e);
    return Object.keys(e).length === 0;
  }

  async function submit() {
    if (!check()) return;
    setBusy(true);
    try {
      const body = {
        subCategoryName: v.subCategoryName.trim(),
        headingField: v.headingField.trim(),
        categoryId: Number(v.categoryId),
        ...toBody(v.image),
      };
      const reply = subCategory ? await updateSubCategory(subCategory.id, body) : await addSubCategory(body);
      await invalidateAfter(queryClient, subCategory ? 'updateSubCategory' : 'addSubCategory');
      toast.success(reply.message || 'Sub-category saved.');
      onSaved(reply.data);
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) {
        form.setServerErrors(labelledErrors(e.errors, LABELS, { fileName: 'image' }));
      } else toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={submit} aria-label={subCategory ? `Change ${subCategory.subCategoryName}` : 'Add sub-category'}>
      <FormErrorSummary errors={form.errors} />
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
        onChange={(e) => form.set('categoryId', e.target.value)}
        hint={categories.error ? `Categories could not be loaded: ${categories.error.message}` : undefined}
        error={form.errors.categoryId}
      />
      <TextField
        label={LABELS.subCategoryName}
        name="subCategoryName"
        required
        maxLength={100}
        autoComplete="off"
        value={v.subCategoryName}
        onChange={(e) => form.set('subCategoryName', e.target.value)}
        error={form.errors.subCategoryName}
      />
      <TextField
        label={LABELS.headingField}
        name="headingField"
        fullWidth
        maxLength={200}
        autoComplete="off"
        hint="A short line shown above the sub-category's services."
        value={v.headingField}
        onChange={(e) => form.set('headingField', e.target.value)}
        error={form.errors.headingField}
      />
      <PictureField
        label={LABELS.image}
        name="image"
        value={v.image}
        onChange={(f) => form.set('image', f)}
        currentUrl={subCategory?.imageUrl}
        error={form.errors.image}
      />
      <FormActions>
        <Link to="/SubCategory/SubCategoryList" className={buttonClassName({ variant: 'secondary' })}>
          Cancel
        </Link>
        <Button type="submit" loading={busy}>
          {subCategory ? 'Save changes' : 'Add sub-category'}
        </Button>
      </FormActions>
    </Form>
  );
}
