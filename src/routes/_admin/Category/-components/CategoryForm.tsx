import { addCategory, type Category, type CategoryBody, updateCategory } from '../../../../api/catalogue';
import { type FileValue, TextArea, TextField } from '../../../../ui/form';
import { OperationForm, useOperationForm } from '../../../-components/form';
import { PickerListField } from '../../../-components/form/PickerListField';
import { PictureField } from '../../-components/PictureField';
import { useZonePicker } from '../../-components/pickers';
import { toBody } from '../../-components/toBody';

export interface CategoryFormProps {
  /** The category to change; without it the form adds one (and picks its zones). */
  category?: Category;
  onSaved(category: Category): void;
}

/** Add or change a category. On change, the picture is sent only when a new one was chosen. */
export function CategoryForm({ category, onSaved }: CategoryFormProps) {
  const form = useOperationForm({
    operation: category ? 'updateCategory' : 'addCategory',
    initial: {
      categoryName: category?.categoryName ?? '',
      details: category?.details ?? '',
      sacCode: category?.sacCode ?? '998729',
      image: null as FileValue | null,
      zones: [] as string[],
    },
    labels: {
      categoryName: 'Category name',
      sacCode: 'SAC code',
      image: 'Picture',
      details: 'Details',
      zones: 'Zones',
    },
    alias: { categoryZoneList: 'zones', fileName: 'image' },
    toBody: (v) => ({
      categoryName: v.categoryName.trim(),
      details: v.details.trim(),
      sacCode: v.sacCode.trim(),
      ...toBody(v.image),
      ...(category ? {} : { categoryZoneList: v.zones.map((id) => ({ zoneId: Number(id) })) }),
    }),
    send: (body) => (category ? updateCategory(category.id, body) : addCategory(body as CategoryBody)),
    savedMessage: 'Category saved.',
    onSaved: (reply) => onSaved(reply.data),
  });
  const zones = useZonePicker(form.values.zones);

  return (
    <OperationForm
      form={form}
      label={category ? `Change ${category.categoryName}` : 'Add category'}
      submitLabel={category ? 'Save changes' : 'Add category'}
      cancelTo="/Category/CategoryList"
    >
      <TextField {...form.text('categoryName')} autoComplete="off" />
      <TextField
        {...form.text('sacCode')}
        autoComplete="off"
        inputMode="numeric"
        hint="The 6-digit services accounting code printed on its services' tax invoices (CGST Rule 46), e.g. 998533 for cleaning."
      />
      <PictureField {...form.control('image')} currentUrl={category?.imageUrl} />
      <TextArea {...form.text('details')} fullWidth />
      {category ? null : (
        <PickerListField
          form={form}
          name="zones"
          picker={zones}
          fullWidth
          hint={
            zones.error
              ? `Zones could not be loaded: ${zones.error.message}`
              : 'Where the category is offered. With none it is offered nowhere yet; you can change this later.'
          }
        />
      )}
    </OperationForm>
  );
}
