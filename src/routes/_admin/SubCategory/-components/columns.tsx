import { Link } from '@tanstack/react-router';
import { catalogueKeys, deleteSubCategory, type SubCategory } from '../../../../api/catalogue';
import { buttonClassName, srOnly } from '../../../../ui';
import type { Column } from '../../../../ui/DataTable';
import type { ImportColumn } from '../../../../ui/spreadsheet';
import * as s from '../../-components/admin.css';
import { DeleteAction } from '../../-components/DeleteAction';
import { StatusToggle } from '../../-components/StatusToggle';
import { Thumbnail } from '../../-components/Thumbnail';

const invalidate = [[...catalogueKeys.subCategories], [...catalogueKeys.categories]];

export const subCategoryColumns: Column<SubCategory>[] = [
  {
    key: 'image',
    header: 'Picture',
    width: '72px',
    render: (c) => <Thumbnail src={c.imageUrl} alt={c.subCategoryName} />,
  },
  { key: 'subCategoryName', header: 'Name', sortable: true },
  { key: 'categoryName', header: 'Category', sortable: true },
  { key: 'headingField', header: 'Heading' },
  {
    key: 'serviceCount',
    header: 'Services',
    align: 'end',
    render: (c) => (
      <Link to="/Services/ServicesList" search={{ categoryId: c.categoryId, subCategoryId: c.id }}>
        {c.serviceCount}
        <span className={srOnly}> services of {c.subCategoryName}</span>
      </Link>
    ),
  },
  {
    key: 'active',
    header: 'Active',
    sortable: true,
    render: (c) => (
      <StatusToggle
        kind="SubCategory"
        id={c.id}
        active={c.active}
        label={`Active: ${c.subCategoryName}`}
        invalidate={invalidate}
      />
    ),
  },
  {
    key: 'actions',
    header: 'Actions',
    render: (c) => (
      <div className={s.rowActions}>
        <Link
          to="/SubCategory/SubCategoryUpdate"
          search={{ id: c.id }}
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          aria-label={`Edit ${c.subCategoryName}`}
        >
          Edit
        </Link>
        <DeleteAction
          label={`Delete ${c.subCategoryName}`}
          title={`Delete ${c.subCategoryName}?`}
          message="The sub-category and its picture are removed for good. A sub-category that still has services cannot be deleted; switch it off instead to hide it."
          onDelete={() => deleteSubCategory(c.id)}
          invalidate={invalidate}
        />
      </div>
    ),
  },
];

export const subCategoryImportColumns: ImportColumn[] = [
  { key: 'subCategoryName', header: 'subCategoryName', required: true, maxLength: 100, example: 'Tap repair' },
  { key: 'headingField', header: 'headingField', maxLength: 200, example: 'Leaks fixed the same day' },
  { key: 'categoryName', header: 'categoryName', required: true, maxLength: 100, example: 'Plumbing' },
];
