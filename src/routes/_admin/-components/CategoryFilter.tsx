// Shared by the admin lists filtered by category (sub-categories, services, the dispatch lists).
import { FilterSelect } from './FilterSelect';
import { useCategoryPicker } from './pickers';
import { positiveId } from './search';

export interface CategoryFilterProps {
  /** The chosen category's id; none for every category. */
  value?: number;
  onChange(categoryId: number | undefined): void;
}

/** The Category filter of a list's toolbar: the categories are searched on the server. */
export function CategoryFilter({ value, onChange }: CategoryFilterProps) {
  const chosen = value ? String(value) : '';
  const categories = useCategoryPicker(chosen);
  return (
    <FilterSelect
      label="Category"
      allLabel="All categories"
      value={chosen}
      options={categories.options}
      search={categories.search}
      onChange={(v) => onChange(positiveId(v))}
    />
  );
}
