import { Link } from '@tanstack/react-router';
import { deleteService, type Service } from '../../../../api/catalogue';
import { formatRupees } from '../../../../ui';
import type { Column } from '../../../../ui/DataTable';
import type { ImportColumn } from '../../../../ui/spreadsheet';
import * as s from '../../-components/admin.css';
import { actionsColumn, activeColumn } from '../../-components/rowColumns';
import { Thumbnail } from '../../-components/Thumbnail';

export const serviceColumns: Column<Service>[] = [
  {
    key: 'image',
    header: 'Picture',
    width: '72px',
    render: (sv) => <Thumbnail src={sv.imageUrl} alt={sv.heading} />,
  },
  { key: 'heading', header: 'Heading', sortable: true },
  {
    // Sub-category with its category under it: one column keeps the table within a laptop screen.
    key: 'subCategoryName',
    header: 'Sub-category',
    sortable: true,
    render: (sv) => (
      <>
        {sv.subCategoryName}
        <span className={s.cellNote}>{sv.categoryName}</span>
      </>
    ),
  },
  {
    // Discount and GST under the price, like the sub-category's category: the table fits a laptop screen.
    key: 'price',
    header: 'Price',
    sortable: true,
    align: 'end',
    render: (sv) => (
      <>
        <span className={s.nowrap}>{formatRupees(sv.price)}</span>
        <span className={s.cellNote}>{sv.discount}% off</span>
        <span className={s.cellNote}>GST {sv.gst}%</span>
      </>
    ),
  },
  {
    key: 'finalPrice',
    header: 'Final price',
    align: 'end',
    // The server's figure (discount then GST, rounded half-up to the paisa there).
    render: (sv) => <strong className={s.nowrap}>{formatRupees(sv.finalPrice)}</strong>,
  },
  activeColumn('Services', (sv) => sv.heading),
  actionsColumn({
    nameOf: (sv) => sv.heading,
    editLink: (sv, props) => <Link to="/Services/ServicesUpdate" search={{ id: sv.id }} {...props} />,
    deleteMessage:
      'The service with its pictures and videos is removed for good. A service with banners cannot be deleted; switch it off instead to hide it.',
    onDelete: (sv) => deleteService(sv.id),
    operation: 'deleteService',
  }),
];

export const serviceImportColumns: ImportColumn[] = [
  { key: 'heading', header: 'heading', required: true, maxLength: 150, example: 'Tap washer replacement' },
  { key: 'price', header: 'price', required: true, type: 'number', example: '499' },
  { key: 'discount', header: 'discount', type: 'integer', example: '10' },
  { key: 'gst', header: 'gst', required: true, type: 'integer', example: '18' },
  { key: 'categoryName', header: 'categoryName', required: true, maxLength: 100, example: 'Plumbing' },
  { key: 'subCategoryName', header: 'subCategoryName', required: true, maxLength: 100, example: 'Tap repair' },
  { key: 'pDetails', header: 'pDetails', maxLength: 5000, example: 'Replaces worn washers on one tap' },
  { key: 'professionalType', header: 'professionalType', required: true, example: 'Technician' },
];
