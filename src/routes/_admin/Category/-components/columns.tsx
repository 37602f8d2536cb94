import { Link } from '@tanstack/react-router';
import { type Category, deleteCategory } from '../../../../api/catalogue';
import { srOnly } from '../../../../ui';
import type { Column } from '../../../../ui/DataTable';
import type { ImportColumn } from '../../../../ui/spreadsheet';
import { actionsColumn, activeColumn } from '../../-components/rowColumns';
import { Thumbnail } from '../../-components/Thumbnail';

export const categoryColumns: Column<Category>[] = [
  {
    key: 'image',
    header: 'Picture',
    width: '72px',
    render: (c) => <Thumbnail src={c.imageUrl} alt={c.categoryName} />,
  },
  { key: 'categoryName', header: 'Name', sortable: true },
  { key: 'sacCode', header: 'SAC' },
  { key: 'zoneCount', header: 'Zones', align: 'end' },
  {
    key: 'subCategoryCount',
    header: 'Sub-categories',
    align: 'end',
    render: (c) => (
      <Link to="/SubCategory/SubCategoryList" search={{ categoryId: c.id }}>
        {c.subCategoryCount}
        <span className={srOnly}> sub-categories of {c.categoryName}</span>
      </Link>
    ),
  },
  activeColumn('Category', (c) => c.categoryName),
  actionsColumn({
    nameOf: (c) => c.categoryName,
    editLink: (c, props) => <Link to="/Category/CategoryUpdate" search={{ id: c.id }} {...props} />,
    deleteMessage:
      'The category and its picture are removed for good. A category that still has sub-categories cannot be deleted; switch it off instead to hide it.',
    onDelete: (c) => deleteCategory(c.id),
    operation: 'deleteCategory',
  }),
];

export const categoryImportColumns: ImportColumn[] = [
  { key: 'categoryName', header: 'categoryName', required: true, maxLength: 100, example: 'Plumbing' },
  { key: 'details', header: 'details', maxLength: 2000, example: 'Taps, pipes and drains' },
  { key: 'sacCode', header: 'sacCode', maxLength: 6, example: '995462' },
  { key: 'zoneName', header: 'zoneName', maxLength: 2000, example: 'Andheri, Bandra' },
];
