import { addSubCategory, type SubCategory, updateSubCategory } from '../../../../api/catalogue';
import { type FileValue, TextField } from '../../../../ui/form';
import { chosenId, OperationForm, useOperationForm } from '../../../-components/form';
import { CategoryField } from '../../-components/CategoryField';
import { PictureField } from '../../-components/PictureField';
import { toBody } from '../../-components/toBody';

export interface SubCategoryFormProps {
  subCategory?: SubCategory;
  /** Preselects the category when adding (e.g. from a filtered list). */
  categoryId?: number;
  onSaved(subCategory: SubCategory): void;
}

/** Add or change a sub-category; changing the category moves it. The picture is sent only when chosen. */
export function SubCategoryForm({ subCategory, categoryId, onSaved }: SubCategoryFormProps) {
  const form = useOperationForm({
    operation: subCategory ? 'updateSubCategory' : 'addSubCategory',
    initial: {
      subCategoryName: subCategory?.subCategoryName ?? '',
      headingField: subCategory?.headingField ?? '',
      categoryId: String(subCategory?.categoryId ?? categoryId ?? ''),
      image: null as FileValue | null,
    },
    labels: { categoryId: 'Category', subCategoryName: 'Sub-category name', headingField: 'Heading', image: 'Picture' },
    alias: { fileName: 'image' },
    toBody: (v) => ({
      subCategoryName: v.subCategoryName.trim(),
      headingField: v.headingField.trim(),
      categoryId: chosenId(v.categoryId),
      ...toBody(v.image),
    }),
    send: (body) => (subCategory ? updateSubCategory(subCategory.id, body) : addSubCategory(body)),
    savedMessage: 'Sub-category saved.',
    onSaved: (reply) => onSaved(reply.data),
  });

  return (
    <OperationForm
      form={form}
      label={subCategory ? `Change ${subCategory.subCategoryName}` : 'Add sub-category'}
      submitLabel={subCategory ? 'Save changes' : 'Add sub-category'}
      cancelTo="/SubCategory/SubCategoryList"
    >
      <CategoryField form={form} />
      <TextField {...form.text('subCategoryName')} autoComplete="off" />
      <TextField
        {...form.text('headingField')}
        fullWidth
        autoComplete="off"
        hint="A short line shown above the sub-category's services."
      />
      <PictureField {...form.control('image')} currentUrl={subCategory?.imageUrl} />
    </OperationForm>
  );
}
