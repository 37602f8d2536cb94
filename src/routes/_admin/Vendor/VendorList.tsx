import { createFileRoute, Link } from '@tanstack/react-router';
import { deleteVendor, importVendors, type VendorListItem, vendorsQuery } from '../../../api/vendors';
import { srOnly } from '../../../ui';
import { type Column, DataTable } from '../../../ui/DataTable';
import type { ImportColumn } from '../../../ui/spreadsheet';
import * as s from '../-components/admin.css';
import { ImportButton } from '../-components/ImportButton';
import { type ListSearch, tableStateOf, validateListSearch } from '../-components/listSearch';
import { actionsColumn, activeColumn } from '../-components/rowColumns';
import { StaffPage } from '../-components/StaffPage';
import { useServerTable } from '../-components/useServerTable';

export const Route = createFileRoute('/_admin/Vendor/VendorList')({
  head: () => ({ meta: [{ title: 'Vendors · Doorstep' }] }),
  validateSearch: (raw: Record<string, unknown>): ListSearch => validateListSearch(raw),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(vendorsQuery(tableStateOf(deps))),
  component: VendorList,
});

// Not exported: a route file's exports stay in the route tree's first chunk; the component's own code is split off.
const vendorImportColumns: ImportColumn[] = [
  { key: 'firstName', header: 'firstName', required: true, maxLength: 50, example: 'Suresh' },
  { key: 'lastName', header: 'lastName', required: true, maxLength: 50, example: 'Traders' },
  { key: 'mobileNo', header: 'mobileNo', required: true, maxLength: 15, example: '9876543210' },
  { key: 'email', header: 'email', maxLength: 200, example: 'suresh@example.in' },
  { key: 'stateName', header: 'stateName', required: true, maxLength: 100, example: 'Maharashtra' },
  { key: 'cityName', header: 'cityName', required: true, maxLength: 100, example: 'Mumbai' },
  { key: 'pinCode', header: 'pinCode', required: true, maxLength: 10, example: '400001' },
  { key: 'addressLine1', header: 'addressLine1', required: true, maxLength: 200, example: '7 Crawford Market' },
  { key: 'addressLine2', header: 'addressLine2', maxLength: 200, example: '' },
  { key: 'birthDate', header: 'birthDate', maxLength: 10, example: '1980-02-29' },
  { key: 'panNumber', header: 'panNumber', required: true, maxLength: 10, example: 'ABCDE1234F' },
  { key: 'aadharNumber', header: 'aadharNumber', required: true, maxLength: 14, example: '234567890124' },
  { key: 'gstno', header: 'gstno', maxLength: 15, example: '' },
  { key: 'zoneName', header: 'zoneName', maxLength: 2000, example: 'Andheri, Bandra' },
];

/**
 * Vendors, one page at a time (Aadhaar's last 4 digits only): the Vendor toggle, edit, delete (the server's refusal
 * names every reason: professionals, open requests, a wallet balance) and the bulk import.
 */
function VendorList() {
  const table = useServerTable((state) => vendorsQuery(state));
  const columns: Column<VendorListItem>[] = [
    {
      key: 'fullName',
      header: 'Name',
      render: (v) => (
        <>
          <Link to="/Vendor/VendorUpdate" search={{ id: v.id }}>
            {v.fullName}
          </Link>
          {v.gstno ? <span className={s.cellNote}>GSTIN {v.gstno}</span> : null}
        </>
      ),
    },
    { key: 'mobileNo', header: 'Mobile' },
    {
      key: 'place',
      header: 'City',
      render: (v) => (
        <>
          {v.cityName}
          <span className={s.cellNote}>
            {v.stateName} · {v.pinCode}
          </span>
        </>
      ),
    },
    {
      key: 'aadharLast4',
      header: 'Aadhaar',
      render: (v) => (
        <span className={s.nowrap}>
          <span aria-hidden="true">XXXX XXXX </span>
          <span className={srOnly}>ending </span>
          {v.aadharLast4}
        </span>
      ),
    },
    { key: 'professionalCount', header: 'Professionals', align: 'end' },
    { key: 'available', header: 'Available', render: (v) => (v.available ? 'Yes' : 'No') },
    activeColumn('Vendor', (v) => v.fullName),
    actionsColumn({
      nameOf: (v) => v.fullName,
      editLink: (v, props) => <Link to="/Vendor/VendorUpdate" search={{ id: v.id }} {...props} />,
      deleteMessage:
        'Their account is switched off and they leave this list; their paid requests and invoices are kept. A vendor with professionals, open product requests or money in their wallet cannot be deleted.',
      onDelete: (v) => deleteVendor(v.id),
      operation: 'deleteVendor',
    }),
  ];

  return (
    <StaffPage
      title="Vendors"
      description="Every vendor, active or not."
      add={{ to: '/Vendor/VendorAdd', label: 'Add vendor' }}
    >
      <DataTable
        {...table}
        caption="Vendors"
        columns={columns}
        rowKey={(v) => v.id}
        searchPlaceholder="Search by name, mobile, e-mail or GSTIN…"
        toolbar={
          <div className={s.filters}>
            <ImportButton
              things="vendors"
              columns={vendorImportColumns}
              importer={importVendors}
              operation="importVendors"
            />
          </div>
        }
      />
    </StaffPage>
  );
}
