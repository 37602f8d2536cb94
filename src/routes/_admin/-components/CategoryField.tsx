// Shared by the admin forms that place a record in a category (a sub-category, a service, a service's banner).
import { type IdKey, PickerField } from '../../-components/form/PickerField';
import type { OperationForm } from '../../-components/form/useOperationForm';
import { useCategoryPicker } from './pickers';

export interface CategoryFieldProps<V extends { categoryId: string }> {
  form: OperationForm<V>;
  required?: boolean;
  disabled?: boolean;
  /** The fields chosen within the category (its sub-category), emptied when it changes. */
  clears?: IdKey<V>[];
}

/** The form's `categoryId`: the categories are searched on the server. */
export function CategoryField<V extends { categoryId: string }>({ form, ...props }: CategoryFieldProps<V>) {
  const categories = useCategoryPicker(form.values.categoryId);
  return (
    <PickerField
      {...props}
      form={form}
      name={'categoryId' as IdKey<V>}
      picker={categories}
      placeholder="Choose a category"
    />
  );
}
