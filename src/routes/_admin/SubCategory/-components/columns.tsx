import { Link } from '@tanstack/react-router';
import { deleteSubCategory, type SubCategory } from '../../../../api/catalogue';
import { srOnly } from '../../../../ui';
import type { Column } from '../../../../ui/DataTable';
import type { ImportColumn } from '../../../../ui/spreadsheet';
import { actionsColumn, activeColumn } from '../../-components/rowColumns';
import { Thumbnail } from '../../-components/Thumbnail';

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
  activeColumn('SubCategory', (c) => c.subCategoryName),
  actionsColumn({
    nameOf: (c) => c.subCategoryName,
    editLink: (c, props) => <Link to="/SubCategory/SubCategoryUpdate" search={{ id: c.id }} {...props} />,
    deleteMessage:
      'The sub-category and its picture are removed for good. A sub-category that still has services cannot be deleted; switch it off instead to hide it.',
    onDelete: (c) => deleteSubCategory(c.id),
    operation: 'deleteSubCategory',
  }),
];

export const subCategoryImportColumns: ImportColumn[] = [
  { key: 'subCategoryName', header: 'subCategoryName', required: true, maxLength: 100, example: 'Tap repair' },
  { key: 'headingField', header: 'headingField', maxLength: 200, example: 'Leaks fixed the same day' },
  { key: 'categoryName', header: 'categoryName', required: true, maxLength: 100, example: 'Plumbing' },
];
